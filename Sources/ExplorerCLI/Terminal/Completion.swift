/// What Tab can do with the word before the cursor: the word so far and the words that can
/// complete it.
struct Completion: Equatable, Sendable {
  /// The part of the current word that candidates must start with.
  var prefix: String
  /// Every full word that completes `prefix`, sorted, without duplicates.
  var candidates: [String]

  /// Whether a single candidate ends the word (a space follows it); a field inside `fields=`
  /// does not, since `,` or `{` may come next.
  var endsWord = true

  /// What some candidates are, shown beside them when the candidates are listed
  /// (`photo · #3 POST me/photos` beside an id `DELETE` offers).
  var notes: [String: String] = [:]

  init(prefix: String, candidates: [String], endsWord: Bool = true) {
    self.prefix = prefix
    self.candidates = Array(Set(candidates.filter { $0.hasPrefix(prefix) })).sorted()
    self.endsWord = endsWord
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
