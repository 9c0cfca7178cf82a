/// Substring search over bytes.
enum ByteSearch {
  /// Offsets where `needle` starts in `haystack`, without overlaps.
  ///
  /// - Complexity: O(n·m) worst case, O(n) for the tokens and placeholders it is used with.
  static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var result: [Int] = []
    var i = 0
    let first = needle[0]
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) {
        result.append(i)
        i += needle.count
      } else {
        i += 1
      }
    }
    return result
  }
}
