#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Where `needle` first starts in `haystack`, by `memchr` and `memcmp` (the generic
  /// `firstRange(of:)` walked the bytes through protocol witnesses: a third of recording's
  /// CPU, issue 48).
  static func first(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    return haystack.withUnsafeBytes { hay -> Int? in
      needle.withUnsafeBytes { pin -> Int? in
        let base = hay.baseAddress!
        let last = hay.count - pin.count
        var from = 0
        while from <= last,
          let found = memchr(base + from, Int32(pin[0]), last - from + 1)
        {
          let at = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + at, pin.baseAddress!, pin.count) == 0 { return at }
          from = at + 1
        }
        return nil
      }
    }
  }
}
