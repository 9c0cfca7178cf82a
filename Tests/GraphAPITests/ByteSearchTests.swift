import GraphAPI
import GraphTestSupport
import Testing

/// `ByteSearch` finds what a plain scan of every offset finds.
@Suite struct ByteSearchTests {
  /// The first offset at or after `start` where `needle` starts, offset by offset.
  static func scanFirst(_ needle: [UInt8], _ haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count
    else { return nil }
    return (max(start, 0)...(haystack.count - needle.count)).first {
      Array(haystack[$0..<($0 + needle.count)]) == needle
    }
  }

  @Test func randomTextsFindWhatAScanFinds() {
    var random = SeededRandomNumberGenerator(seed: 48)
    // A small alphabet, so needles occur, overlap and nearly occur; 0 and 255 for the ends of
    // `memchr`'s byte range.
    let alphabet: [UInt8] = [0x61, 0x62, 0x00, 0xFF]
    for _ in 0..<4_000 {
      let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let needle = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      #expect(ByteSearch.first(needle, in: haystack) == Self.scanFirst(needle, haystack, from: 0))
      let start = Int.random(in: -1...42, using: &random)
      let found = haystack.withUnsafeBytes { hay in
        needle.withUnsafeBytes { ByteSearch.first($0, in: hay, from: start) }
      }
      #expect(
        found == Self.scanFirst(needle, haystack, from: start), "\(haystack) \(needle) \(start)")
      var expected: [Int] = []
      var from = 0
      while let at = Self.scanFirst(needle, haystack, from: from) {
        expected.append(at)
        from = at + needle.count
      }
      #expect(ByteSearch.occurrences(of: needle, in: haystack) == expected)
    }
  }

  @Test(
    arguments: [
      ("aab", "ab", 1), ("ab", "ab", 0), ("a", "ab", nil), ("xaxab", "ab", 3), ("abab", "ab", 0),
      ("xxxx", "ab", nil), ("xxa", "a", 2), ("", "a", nil), ("abc", "", nil),
    ] as [(String, String, Int?)])
  func theFirstIsFound(_ haystack: String, _ needle: String, _ at: Int?) {
    #expect(ByteSearch.first(Array(needle.utf8), in: Array(haystack.utf8)) == at)
    #expect(ByteSearch.contains(Array(needle.utf8), in: haystack) == (at != nil))
  }

  @Test func occurrencesDoNotOverlap() {
    #expect(ByteSearch.occurrences(of: Array("aa".utf8), in: Array("aaaaa".utf8)) == [0, 2])
    #expect(ByteSearch.occurrences(of: Array("é".utf8), in: Array("éxé".utf8)) == [0, 3])
  }
}
