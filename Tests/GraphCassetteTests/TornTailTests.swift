import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// A recorder killed in the middle of an append (a write that crosses a page may stop between
/// pages) or a reader that looks during one: the file still loads, with every interaction that
/// was whole, and says how much it left out. Damage anywhere else is still refused.
@Suite struct TornTailTests {
  static func cassette(_ count: Int) -> Cassette {
    let body = Array(
      (#"{"data":[{"id":"1"}],"message":""# + String(repeating: "x", count: 5000) + #""}"#).utf8)
    return Cassette(
      interactions: (1...count).map {
        VcrpyPlaybackTests.exchange("GET", "me/feed?n=\($0)", body: body)
      }, recordedWith: "graph-explorer test")
  }

  @Test func everyTornAppendLoadsWithTheWholeInteractions() throws {
    let before = Self.cassette(2).encoded()
    let after = Self.cassette(3).encoded()
    let end = before.count - CassetteTail.closing.count
    let appended = Array(after[end...])
    #expect(Array(after[..<end]) == Array(before[..<end]), "an append only rewrites the tail")
    // Every length the write may have reached, one byte at a time near the edges and then
    // across the item (a page is 4096 bytes; the item is larger).
    let lengths =
      Array(0...16) + Array(stride(from: 17, to: appended.count, by: 97))
      + Array((appended.count - 12)...appended.count)
    for k in lengths {
      var torn = Array(before[..<end]) + appended[..<k]
      if k < CassetteTail.closing.count { torn += CassetteTail.closing[k...] }
      let loaded = try Cassette(bytes: torn, path: "torn.json")
      // The new interaction counts once its closing brace is on disk.
      #expect(loaded.interactions.count == (k >= appended.count - 7 ? 3 : 2), "k=\(k)")
      // Only the last newline missing still parses as it is: JSON needs none.
      #expect((loaded.tornTailBytes == nil) == (k == 0 || k >= appended.count - 1), "k=\(k)")
      #expect(loaded.interactions[1] == Self.cassette(2).interactions[1])
      #expect((loaded.tornTailNote == nil) == (loaded.tornTailBytes == nil))
    }
  }

  @Test func damageBeforeTheLastInteractionIsStillRefused() {
    var bytes = Self.cassette(3).encoded()
    let middle = bytes.count / 2
    bytes[middle] = UInt8(ascii: "\"")
    bytes.insert(contentsOf: Array("}}}".utf8), at: middle)
    #expect(throws: CassetteError.self) { try Cassette(bytes: bytes, path: "damaged.json") }
    // Not a native cassette: no repair is tried.
    let vcr = Array(#"{"interactions":[{"request":{"#.utf8)
    #expect(throws: CassetteError.self) { try Cassette(bytes: vcr, path: "c.json") }
  }
}
