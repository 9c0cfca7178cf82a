import Foundation
import GraphAPI
import GraphGzip
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphCassette

/// The gzip writer and the bounded reader the native format stores large bodies with, checked
/// against Python's `gzip` module (zlib) in both directions.
@Suite struct GzipCodecTests {
  /// Runs `python3 -c script` with `input` on standard input; returns standard output.
  static func python(_ script: String, input: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(output)
  }

  static func samples() -> [(String, [UInt8])] {
    var random = SeededRandomNumberGenerator(seed: 15)
    let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let words = ["id", "name", "message", "created_time", "likes", "data", "paging", "next"]
    var json = "{\"data\":["
    for i in 0..<3_000 {
      let word = words[Int.random(in: 0..<words.count, using: &random)]
      json += "{\"id\":\"\(i * 7919)\",\"\(word)\":\"\(word) \(i % 97)\"},"
    }
    json += "{}]}"
    return [
      ("empty", []), ("one byte", [42]), ("zeros", [UInt8](repeating: 0, count: 300_000)),
      ("noise", noise), ("JSON", Array(json.utf8)),
      ("text", Array(String(repeating: "abcabcabd", count: 5_000).utf8)),
    ]
  }

  @Test func whatIsWrittenReadsBackAndZlibReadsItToo() throws {
    for (name, bytes) in Self.samples() {
      let compressed = Gzip.compress(bytes)
      #expect(try Gzip.decompress(compressed, limit: bytes.count) == bytes, "\(name)")
      let zlib = try Self.python(
        "import gzip,sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))",
        input: compressed)
      #expect(zlib == bytes, "\(name): zlib reads something else")
    }
    let zeros = Gzip.compress([UInt8](repeating: 0, count: 300_000))
    #expect(zeros.count < 3_000)
  }

  @Test(arguments: [0, 1, 6, 9])
  func zlibsOutputReadsBack(level: Int) throws {
    for (name, bytes) in Self.samples() {
      let compressed = try Self.python(
        "import gzip,sys; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read(), \(level)))",
        input: bytes)
      #expect(
        try Gzip.decompress(compressed, limit: bytes.count) == bytes, "\(name), level \(level)")
    }
  }

  @Test func inflatingStopsAtTheLimit() throws {
    let bomb = GzipBomb.zeros(repeats: (256 << 20) / 258)
    let started = ContinuousClock.now
    #expect(throws: Gzip.Failure.tooLarge(limit: 1 << 20)) {
      _ = try Gzip.decompress(bomb, limit: 1 << 20)
    }
    #expect(ContinuousClock.now - started < .seconds(20))
    let exact = GzipBomb.zeros(repeats: 1000)
    #expect(try Gzip.decompress(exact, limit: 258_001).count == 258_001)
    #expect(throws: Gzip.Failure.tooLarge(limit: 258_000)) {
      _ = try Gzip.decompress(exact, limit: 258_000)
    }
  }

  @Test func damagedDataIsAnErrorSayingWhat() {
    let good = Gzip.compress(Array("hello, gzip".utf8))
    var badCRC = good
    badCRC[badCRC.count - 8] ^= 1
    let cases: [([UInt8], String)] = [
      (Array("{\"id\":\"4\"}........".utf8), "does not start with the gzip signature"),
      (Array(good.prefix(good.count - 3)), "the trailer is cut short"),
      (Array(good.prefix(14)), "14 bytes are too few for gzip"),
      (Array(good.prefix(good.count - 9)), "ends early"),
      (badCRC, "the CRC-32 does not match"),
      (good + [0], "1 bytes follow the gzip data"),
    ]
    for (bytes, problem) in cases {
      #expect {
        _ = try Gzip.decompress(bytes, limit: 1 << 20)
      } throws: { error in
        "\(error)".contains(problem)
      }
    }
  }

  @Test func theCRCOfZerosIsComputedWithoutTheZeros() {
    for count in [0, 1, 2, 7, 258, 1000, 65_537] {
      #expect(Gzip.crc32OfZeros(count: count) == Gzip.crc32([UInt8](repeating: 0, count: count)))
    }
    #expect(Gzip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }
}

/// Large response bodies that compress well are stored gzip-compressed (base64) in the native
/// format and inflated on reading, never past 64 MiB a body or 1 GiB a cassette.
@Suite struct CompressedBodyTests {
  static func interaction(_ body: [UInt8], type: String = "application/json") -> Interaction {
    Interaction(
      request: HTTPRequest(url: "https://graph.facebook.com/v2.0/me/feed"),
      response: HTTPResponse(status: 200, headers: ["Content-Type": type], body: body),
      recordedAt: "2026-12-01T00:00:00.000Z")
  }

  static func bigJSON(_ count: Int) -> [UInt8] {
    var text = "{\"data\":["
    for i in 0..<count { text += "{\"id\":\"\(i)\",\"message\":\"post number \(i % 1000)\"}," }
    return Array((text + "{}]}").utf8)
  }

  @Test func aLargeAnswerIsStoredCompressedAndReadsBackEqual() throws {
    let body = Self.bigJSON(60_000)
    #expect(body.count > 2 << 20)
    let cassette = Cassette(interactions: [
      Self.interaction(body), Self.interaction(Array("{}".utf8)),
    ])
    let bytes = cassette.encoded()
    #expect(bytes.count < body.count / 4)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"gzip\": \""))
    #expect(text.contains("\"json\": {}"), "small bodies stay readable")
    let back = try Cassette(bytes: bytes, path: "big.json")
    #expect(back == cassette)
  }

  @Test func bodiesThatDoNotCompressOrAreSmallStayAsTheyWere() {
    var random = SeededRandomNumberGenerator(seed: 7)
    let noise = (0..<(2 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
    let text = String(
      decoding: Cassette(interactions: [Self.interaction(noise, type: "image/png")]).encoded(),
      as: UTF8.self)
    #expect(text.contains("\"base64\": \""))
    #expect(!text.contains("\"gzip\""))
  }

  static func native(gzipBodies: [[UInt8]]) -> [UInt8] {
    let items = gzipBodies.map { body in
      """
      {"request": {"method": "GET", "url": "https://graph.facebook.com/me", "headers": {}},
       "response": {"status": 200, "headers": {}, "body": {"gzip": "\(Data(body).base64EncodedString())"}}}
      """
    }
    return Array(
      "{\"graph_explorer_cassette\": 1, \"interactions\": [\(items.joined(separator: ","))]}".utf8)
  }

  @Test func aBombInACassetteIsAOneLineErrorNotAnAllocation() {
    let bytes = Self.native(gzipBodies: [GzipBomb.zeros(repeats: (1 << 30) / 258)])
    #expect(bytes.count < 10 << 20)
    #expect {
      _ = try Cassette(bytes: bytes, path: "bomb.json")
    } throws: { error in
      (error as? CassetteError)?.description
        == "bomb.json: interaction 1, response.body.gzip: inflates to more than 64 MiB (the limit on inflated bodies)"
    }
  }

  @Test func allOfACassettesCompressedBodiesTogetherHaveALimit() throws {
    let body = GzipBomb.zeros(repeats: 4_000)  // 1,032,001 bytes
    let value = try JSONParser.parse(Self.native(gzipBodies: [body, body, body]))
    let all = try NativeCodec.decode(value, path: "c.json", inflateTotal: 3_100_000)
    #expect(all.interactions.map(\.response.body.count) == [1_032_001, 1_032_001, 1_032_001])
    #expect {
      _ = try NativeCodec.decode(value, path: "c.json", inflateTotal: 2_100_000)
    } throws: { error in
      (error as? CassetteError)?.description
        == "c.json: interaction 3, response.body.gzip: the cassette's compressed bodies inflate to more than 2100000 bytes together (the limit on inflated bodies)"
    }
  }
}
