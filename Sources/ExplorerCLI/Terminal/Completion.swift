/// What Tab can do with the word before the cursor: the word so far and the words that can
/// complete it.
struct Completion: Equatable, Sendable {
  /// The part of the current word that candidates must start with.
  var prefix: String
  /// Every full word that completes `prefix`, in natural order (`#2` before `#10`, `v2.9`
  /// before `v2.10`), without duplicates.
  var candidates: [String]

  /// Whether a single candidate ends the word (a space follows it); a field inside `fields=`
  /// does not, since `,` or `{` may come next.
  var endsWord = true

  /// What some candidates are, shown beside them when the candidates are listed
  /// (`photo · #3 POST me/photos` beside an id `DELETE` offers).
  var notes: [String: String] = [:]

  init(prefix: String, candidates: [String], endsWord: Bool = true) {
    self.prefix = prefix
    self.candidates = Array(Set(candidates.filter { $0.hasPrefix(prefix) })).sorted(
      by: Self.naturallyBefore)
    self.endsWord = endsWord
  }

  /// Whether `a` comes before `b` when runs of digits compare as numbers and the rest by
  /// code unit; words equal that way (`#02`, `#2`) fall back to plain order.
  static func naturallyBefore(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
    var i = 0
    var j = 0
    while i < x.count && j < y.count {
      if isDigit(x[i]) && isDigit(y[j]) {
        var iEnd = i
        while iEnd < x.count && isDigit(x[iEnd]) { iEnd += 1 }
        var jEnd = j
        while jEnd < y.count && isDigit(y[jEnd]) { jEnd += 1 }
        // Compare the runs as numbers: leading zeros aside, the longer is the larger.
        var iStart = i
        while iStart < iEnd - 1 && x[iStart] == 48 { iStart += 1 }
        var jStart = j
        while jStart < jEnd - 1 && y[jStart] == 48 { jStart += 1 }
        if iEnd - iStart != jEnd - jStart { return iEnd - iStart < jEnd - jStart }
        if !x[iStart..<iEnd].elementsEqual(y[jStart..<jEnd]) {
          return x[iStart..<iEnd].lexicographicallyPrecedes(y[jStart..<jEnd])
        }
        i = iEnd
        j = jEnd
        continue
      }
      if x[i] != y[j] { return x[i] < y[j] }
      i += 1
      j += 1
    }
    if x.count - i != y.count - j { return x.count - i < y.count - j }
    return a < b
  }

  /// No completion.
  static let none = Completion(prefix: "", candidates: [])

  /// The text to insert: the rest of the only candidate (and a space after a finished word),
  /// or the candidates' longest common prefix beyond `prefix`; `nil` when there is nothing.
  var insertion: String? {
    if candidates.count == 1, let only = candidates.first {
      let rest = String(only.dropFirst(prefix.count))
      let open =
        only.hasSuffix("/") || only.hasSuffix("=") || only.hasSuffix("{") || only.hasSuffix("@")
      return rest + (open || !endsWord ? "" : " ")
    }
    guard let first = candidates.first else { return nil }
    var common = first
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(common) { common.removeLast() }
    }
    let rest = String(common.dropFirst(prefix.count))
    return rest.isEmpty ? nil : rest
  }

  /// The candidates as Tab lists them: one per line with its note when any has one, else in
  /// columns that fit `width`.
  func listing(width: Int) -> String {
    guard candidates.contains(where: { notes[$0] != nil }) else {
      return Self.columns(candidates, width: width)
    }
    let cell = (candidates.map(\.count).max() ?? 0) + 2
    return candidates.map { word in
      guard let note = notes[word] else { return word + "\n" }
      return word.padding(toLength: cell, withPad: " ", startingAt: 0) + note + "\n"
    }.joined()
  }

  /// The candidates laid out in columns that fit `width`.
  static func columns(_ words: [String], width: Int) -> String {
    let cell = (words.map(\.count).max() ?? 0) + 2
    let perRow = max(1, width / max(cell, 1))
    var out = ""
    for (i, word) in words.enumerated() {
      let last = (i + 1) % perRow == 0 || i == words.count - 1
      out += last ? word + "\n" : word.padding(toLength: cell, withPad: " ", startingAt: 0)
    }
    return out
  }
}
