/// "Did you mean": the closest of the words the session knows (commands, fields, people) to a
/// mistyped one, by edit distance with transpositions (`GTE` → `GET`, `nmae` → `name`).
enum Suggestion {
  /// The candidate closest to `word` (case ignored), when it is near enough to be a typo: at most
  /// one edit for short words, two from six letters on; `nil` when none is, or two tie.
  static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    let limit = typed.count >= 6 ? 2 : 1
    var best: (word: String, distance: Int)?
    var tied = false
    for candidate in candidates {
      let other = Array(candidate.lowercased())
      guard other != typed, abs(other.count - typed.count) <= limit, other.count <= 64 else {
        continue
      }
      let d = distance(typed, other)
      guard d <= limit else { continue }
      guard let current = best else {
        best = (candidate, d)
        continue
      }
      if d < current.distance {
        best = (candidate, d)
        tied = false
      } else if d == current.distance && current.word != candidate {
        tied = true
      }
    }
    return tied ? nil : best?.word
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
  /// two neighbours each count one.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
