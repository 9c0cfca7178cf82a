#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Substring search over bytes, by `memchr` for the needle's first byte and `memcmp` for the
/// rest: the one search the cassette code (markers, secrets, placeholders) and the emulator's
/// router (CDN addresses) share. A generic `firstRange(of:)` or `contains` walks the bytes
/// through protocol witnesses, and Foundation's is an `NSString` search (both had been a
/// visible share of a request's CPU, issue 48).
package enum ByteSearch {
  /// Where `needle` first starts in `haystack` at or after `start`; `nil` when nowhere or when
  /// `needle` is empty.
  ///
  /// - Complexity: O(n·m) worst case, near O(n) when the needle's first byte is rare.
  package static func first(
    _ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from start: Int = 0
  ) -> Int? {
    guard let pin = needle.baseAddress, let base = haystack.baseAddress, !needle.isEmpty,
      haystack.count >= needle.count
    else { return nil }
    let last = haystack.count - needle.count
    var from = max(start, 0)
    while from <= last, let found = memchr(base + from, Int32(needle[0]), last - from + 1) {
      let at = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + at, pin, needle.count) == 0 { return at }
      from = at + 1
    }
    return nil
  }

  /// Where `needle` first starts in `haystack`.
  package static func first(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    haystack.withUnsafeBytes { hay in needle.withUnsafeBytes { first($0, in: hay) } }
  }

  /// Whether `text`'s UTF-8 holds `needle`.
  package static func contains(_ needle: [UInt8], in text: String) -> Bool {
    var text = text
    return text.withUTF8 { hay in
      needle.withUnsafeBytes { first($0, in: UnsafeRawBufferPointer(hay)) } != nil
    }
  }

  /// Offsets where `needle` starts in `haystack`, left to right, without overlaps.
  package static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { pin in
        var result: [Int] = []
        var from = 0
        while let at = first(pin, in: hay, from: from) {
          result.append(at)
          from = at + pin.count
        }
        return result
      }
    }
  }
}
