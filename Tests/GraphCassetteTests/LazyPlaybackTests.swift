import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphCassette

/// A native cassette file replayed as it is read (issue 32) answers every request sequence as
/// the file read whole does: the same interaction for each request, the same errors (exhausted,
/// no match with the same closest request), the same torn-tail reading, the same error for a
/// broken file, thrown by the request that reaches the damage.
@Suite struct LazyPlaybackTests {
  static func get(_ path: String) -> HTTPRequest {
    HTTPRequest(method: "GET", url: "https://graph.facebook.com/v2.8/" + path)
  }

  /// Interactions with repeated requests (`me` three times, `me/feed` twice), a POST form and
  /// a gzip-stored answer.
  static let cassette: Cassette = {
    let paths = ["me", "me/feed", "me", "1?fields=id", "me/feed", "me", "2"]
    var interactions = paths.enumerated().map { i, path in
      VcrpyPlaybackTests.exchange("GET", path, body: Array(#"{"n":\#(i)}"#.utf8))
    }
    interactions.append(
      VcrpyPlaybackTests.exchange(
        "POST", "me/feed", requestType: "application/x-www-form-urlencoded",
        requestBody: Array("message=hi&access_token=T".utf8), body: Array(#"{"id":"9"}"#.utf8)))
    interactions.append(
      VcrpyPlaybackTests.exchange(
        "GET", "big", body: Array(repeating: UInt8(ascii: "a"), count: BodyCodec.compressedFrom)))
    return Cassette(interactions: interactions, recordedWith: "graph-explorer test")
  }()

  /// Requests with repeats past what was recorded, misses, and a form sent in another order.
  static let requests: [HTTPRequest] =
    ["me", "me", "2", "me/feed", "me", "me", "nothing", "me/feed", "me/feed", "big", "big"]
    .map(get) + [
      HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/v2.8/me/feed",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array("access_token=U&message=hi".utf8)),
      get("1?fields=id"), get("me?fields=name"),
    ]

  /// Each request's interaction and answer, or error, from `player`.
  static func outcomes(_ player: CassettePlayer, _ requests: [HTTPRequest]) -> [String] {
    requests.map { request in
      do {
        let index = try player.match(request)
        let response = player.cassette.interactions[index].response
        return "#\(index) \(response.status) \(response.body.count) \(response.body.prefix(12))"
      } catch {
        return "\(error)"
      }
    }
  }

  /// The file written at `path` as `bytes`, played lazily and whole, with the same requests.
  static func compare(
    _ bytes: [UInt8], requests: [HTTPRequest], repeats: Bool, in scratch: ScratchDirectory
  ) throws {
    let path = scratch.file("c\(bytes.count).json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let whole = try Cassette.loadAnyFormat(path: path)
    let eager = CassettePlayer(cassette: whole, allowPlaybackRepeats: repeats)
    let lazy = try CassettePlayer(file: path, allowPlaybackRepeats: repeats)
    #expect(outcomes(lazy, requests) == outcomes(eager, requests))
    #expect(lazy.unplayedInteractions == eager.unplayedInteractions)
    #expect(lazy.cassette == whole)
  }

  @Test(arguments: [false, true])
  func answersAndErrorsAreThoseOfTheFileReadWhole(repeats: Bool) throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let bytes = Self.cassette.encoded()
    try Self.compare(bytes, requests: Self.requests, repeats: repeats, in: scratch)
    // Reversed: the last recorded interactions are asked for first.
    try Self.compare(bytes, requests: Self.requests.reversed(), repeats: repeats, in: scratch)
    // With a byte-order mark, and with a member after the interactions (read whole).
    try Self.compare(
      [0xEF, 0xBB, 0xBF] + bytes, requests: Self.requests, repeats: repeats, in: scratch)
    let tail = Array(bytes[..<(bytes.count - 3)]) + Array(#", "note": [1, {"a": "]"}]}"#.utf8)
    try Self.compare(tail, requests: Self.requests, repeats: repeats, in: scratch)
  }

  @Test func theFirstAnswerDecodesOneInteraction() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("c.json")
    try Self.cassette.save(to: path)
    let source = try #require(LazyCassette(path: path))
    var queue = PlaybackQueue(source: source, matchers: .default)
    #expect(try queue.next(for: Self.get("me")) == 0)
    #expect(queue.decodedCount == 1)
    #expect(try queue.next(for: Self.get("1?fields=id")) == 3)
    #expect(queue.decodedCount == 4)
    // Already decoded: nothing more is read.
    #expect(try queue.next(for: Self.get("me")) == 2)
    #expect(queue.decodedCount == 4)
    #expect(throws: CassetteError.self) { try queue.next(for: Self.get("none")) }
    #expect(queue.decodedCount == Self.cassette.interactions.count)
  }

  @Test func aTornTailIsReadAsTheWholeFileReadsIt() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let before = TornTailTests.cassette(2).encoded()
    let after = TornTailTests.cassette(3).encoded()
    let end = before.count - CassetteTail.closing.count
    let appended = Array(after[end...])
    let requests = (1...4).map { Self.get("me/feed?n=\($0)") }
    for k in [1, 2, 9, 200, appended.count / 2, appended.count - 8, appended.count - 1] {
      var torn = Array(before[..<end]) + appended[..<k]
      if k < CassetteTail.closing.count { torn += CassetteTail.closing[k...] }
      try Self.compare(torn, requests: requests, repeats: false, in: scratch)
      let path = scratch.file("c\(torn.count).json")
      #expect(
        try CassettePlayer(file: path).cassette.tornTailNote
          == Cassette.load(path: path).tornTailNote, "k=\(k)")
    }
  }

  /// A 40 GiB sparse file whose head is whole (issue 31's file, broken later): the first
  /// request fails at the first hole with the whole reading's error, without reading the rest.
  @Test func aSparseFileWithAWholeHeadFailsAtItsFirstHole() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("sparse.json")
    let head =
      "{\n  \"graph_explorer_cassette\": 1,\n  \"interactions\": [\n    {\"request\": {\"url\": \""
    #expect(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
    try #require(truncate(path, 40 << 30) == 0, "the scratch folder cannot hold a sparse file")
    let started = ContinuousClock.now
    let player = try CassettePlayer(file: path)
    #expect(throws: CassetteError.self) { try player.match(Self.get("me")) }
    do { _ = try player.match(Self.get("me")) } catch {
      #expect("\(error)".contains(":4:26: not JSON"), "\(error)")
    }
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  /// The text of a cassette of `count` small interactions (`n=0`, `n=1`, ...), written
  /// directly: encoding 40,000 interactions one by one takes long in a debug build.
  static func manyInteractions(_ count: Int, broken: (Int, [UInt8]) -> [UInt8]) -> [UInt8] {
    let one = Cassette(
      interactions: [VcrpyPlaybackTests.exchange("GET", "me?n=NNN", body: Array(#"{"n":1}"#.utf8))],
      recordedWith: "graph-explorer test"
    ).encoded()
    let open = Array("\"interactions\": [\n    ".utf8)
    let start = one.firstRange(of: open)!.upperBound
    let item = Array(one[start..<(one.count - 6)])
    let marker = Array("NNN".utf8)
    var bytes = Array(one[..<start])
    for i in 0..<count {
      if i > 0 { bytes += Array(",\n    ".utf8) }
      bytes += broken(i, item.replacing(marker, with: Array(String(i).utf8)))
    }
    return bytes + one[(one.count - 6)...]
  }

  /// A file of `count` interactions whose one at `at` has `damage`.
  static func broken(_ count: Int, at: Int, _ damage: (String, String)) -> [UInt8] {
    manyInteractions(count) { i, item in
      i == at ? item.replacing(Array(damage.0.utf8), with: Array(damage.1.utf8)) : item
    }
  }

  @Test func aFileBrokenAtItsFortyThousandthInteractionFailsWhereTheWholeReadingFails() throws {
    let bytes = Self.broken(40_010, at: 39_999, ("\"status\": 200", "\"status\": 2!0"))
    let error = try Self.checkBroken(bytes, at: 39_999)
    #expect(
      "\(error)".hasSuffix(": not JSON: expected ',' or '}' after an object member, found '!'"))
  }

  @Test func anInteractionThatIsNoInteractionFailsWhereTheWholeReadingFails() throws {
    let error = try Self.checkBroken(
      Self.broken(12, at: 9, ("\"status\": 200", "\"status\": 99")), at: 9)
    #expect("\(error)".hasSuffix("interaction 10, response.status: 99 is not an HTTP status"))
  }

  /// `bytes`, broken at interaction `at`, fail as the file read whole fails, at the request
  /// that reaches the damage and every later one; the error.
  @discardableResult
  static func checkBroken(_ bytes: [UInt8], at: Int) throws -> CassetteError {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("broken.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    var expected: CassetteError?
    do { _ = try Cassette.load(path: path) } catch { expected = error }
    let wholeError = try #require(expected)
    let player = try CassettePlayer(file: path)
    #expect(try player.match(Self.get("me?n=0")) == 0)
    #expect(try player.match(Self.get("me?n=\(at - 1)")) == at - 1)
    #expect(throws: wholeError) { try player.match(Self.get("me?n=\(at)")) }
    // And every later request, even one answered before the damage.
    #expect(throws: wholeError) { try player.match(Self.get("me?n=1")) }
    #expect(throws: wholeError) { try player.match(Self.get("me?n=\(at + 2)")) }
    return wholeError
  }
}
