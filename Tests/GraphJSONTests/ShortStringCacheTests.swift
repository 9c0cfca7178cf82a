import Testing

@testable import GraphJSON

/// The short-string cache is sized to its text and made only once a string is stored: a fixed
/// 40 KB table for every parse cost more than parsing a small answer (issue 48).
@Suite struct ShortStringCacheTests {
  @Test(arguments: [
    (0, 16), (50, 16), (256, 16), (257, 32), (4096, 256), (16 * 1024, 1024), (1 << 30, 1024),
  ])
  func sizeFollowsTheText(_ count: Int, _ size: Int) {
    #expect(ShortStringCache(forBytes: count).size == size)
  }

  @Test func everySlotIsInsideTheTable() {
    var cache = ShortStringCache(forBytes: 50)
    let words = (0..<200).map { "k\($0)" } + ["id", "name", "0123456789abcdef"]
    for word in words {
      var bytes = Array(word.utf8) + Array(repeating: UInt8(0), count: 16)
      bytes.withUnsafeMutableBufferPointer { buffer in
        var (slot, low, high) = (0, UInt64(0), UInt64(0))
        let length = word.utf8.count
        let found = cache.lookup(
          buffer.baseAddress!, length: length, slot: &slot, low: &low, high: &high)
        #expect((0..<cache.size).contains(slot))
        if let found { #expect(found == word) }
        cache.store(word, slot: slot, low: low, high: high, length: length)
        #expect(
          cache.lookup(buffer.baseAddress!, length: length, slot: &slot, low: &low, high: &high)
            == word)
      }
    }
  }

  /// A small document with more distinct short strings than its table has slots parses whole.
  @Test func collisionsInASmallTableKeepEveryString() throws {
    let members = (0..<40).map { "\"k\($0)\":\"v\($0)\"" }.joined(separator: ",")
    let text = "{" + members + "}"
    let value = try JSONParser().parse(Array(text.utf8))
    guard case .object(let object) = value else { return #expect(Bool(false)) }
    #expect(object.members.map(\.key) == (0..<40).map { "k\($0)" })
    #expect(object.members.map(\.value) == (0..<40).map { .string("v\($0)") })
  }
}
