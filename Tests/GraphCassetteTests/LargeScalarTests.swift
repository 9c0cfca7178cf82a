import GraphAPI
import GraphJSON
import GraphTestSupport
import GraphYAML
import Testing

@testable import GraphCassette

/// Issue 15 §3: a large scalar of a streamed YAML interaction is kept as bytes, out of the
/// tree, and becomes the body with no string of it beside them; everything decodes as before.
@Suite struct LargeScalarTests {
  /// A vcrpy cassette whose answer body is a plain scalar over `lines` lines.
  static func plainBody(lines: Int) -> String {
    var out = "interactions:\n- request:\n    body: null\n    headers: {}\n"
    out += "    method: GET\n    uri: https://graph.facebook.com/v2.8/me\n"
    out += "  response:\n    body:\n      string: start\n"
    for n in 0..<lines { out += "        words of line \(n)\n" }
    out += "    headers: {}\n    status: {code: 200, message: OK}\nversion: 1\n"
    return out
  }

  @Test func aLargeBodyReachesTheSinkAsBytesNotInTheTree() throws {
    final class Seen: @unchecked Sendable {
      var items: [(JSONValue, [YAMLReader.LargeScalar])] = []
    }
    let seen = Seen()
    _ = try YAMLReader.parse(
      Array(Self.plainBody(lines: 200).utf8), streaming: "interactions", largeScalarBytes: 1000
    ) { item, _, large in seen.items.append((item, large)) }
    let (item, large) = try #require(seen.items.first)
    #expect(item["response"]?["body"]?["string"] == .string(""))
    #expect(large.count == 1)
    let text = String(decoding: try #require(large.first).bytes, as: UTF8.self)
    #expect(text.hasPrefix("start words of line 0 words of line 1"))
    #expect(text.hasSuffix("words of line 199"))
    // The response (member 1), its body (member 0), its string (member 0).
    #expect(large.first?.path == [1, 0, 0])
    #expect(YAMLReader.LargeScalar.bodyPlace([1, 0, 0], in: item) == .responseBody)
    // Below the limit, and outside a streamed item, a scalar stays in the tree.
    let small = try YAMLReader.parse(Self.plainBody(lines: 200))
    #expect(
      small["interactions"]?[0]?["response"]?["body"]?["string"]?.stringValue?.count == text.count)
  }

  /// Cassettes where large scalars sit in every kind of place: each decodes to the same
  /// cassette whether every scalar is kept out of the tree (a limit of one byte) or none is.
  static let cases: [(String, String)] = [
    ("plain", plainBody(lines: 50)),
    (
      "ruby",
      """
      ---
      http_interactions:
      - request:
          method: post
          uri: https://graph.facebook.com/v2.8/me/feed?access_token=EAABsecretsecretsecret1234
          body:
            encoding: UTF-8
            string: "message=caf\\u00e9 \\"quoted\\"\\n  and more"
          headers:
            User-Agent:
            - Faraday v0.17.3
            - 'second'
        response:
          status:
            code: 200
            message: OK
          headers:
            Content-Type:
            - application/json
          body:
            encoding: UTF-8
            string: |-
              {"id": "1",
               "name": "block"}
          http_version:
        recorded_at: Tue, 01 Dec 2026 10:00:00 GMT
      - request:
          method: get
          uri: https://graph.facebook.com/v2.8/me/picture
          body:
            encoding: US-ASCII
            string: ''
          headers: {}
        response:
          status:
            code: 200
            message: OK
          headers: {}
          body:
            encoding: ASCII-8BIT
            string: !binary |-
              iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk
              YPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
          http_version:
        recorded_at: Tue, 01 Dec 2026 10:00:01 GMT
      recorded_with: VCR 6.0.0

      """
    ),
    (
      "duplicates",
      """
      interactions:
      - request:
          body: first body
            over two lines
          body: second body
            over two lines
          headers: {}
          method: GET
          uri: https://graph.facebook.com/v2.8/me
        response:
          body:
            string: 'one
              two'
            string: "three
              four"
          headers:
            X-Long: [a, b]
          status: {code: 200, message: OK}
        response:
          body:
            string: >
              folded
              text
          headers: {}
          status: {code: 201, message: Created}
      version: 1

      """
    ),
    (
      "binary-node",
      """
      interactions:
      - request:
          body: !!binary
            aGVsbG8gd29y
            bGQ=
          headers: {}
          method: POST
          uri: https://graph.facebook.com/v2.8/me
        response:
          body: {string: ok}
          headers: {}
          status: {code: 200, message: OK}
      version: 1

      """
    ),
  ]

  @Test(arguments: cases) func keptScalarsDecodeAsTheTreeDoes(name: String, text: String) throws {
    let dialect: VCRCodec.Dialect = text.contains("http_interactions") ? .ruby : .python
    if name == "duplicates" {
      // A member named twice is refused both ways, naming it (issue 44).
      let (kept, tree) = Self.bothWays(Array(text.utf8), dialect)
      #expect(kept == tree)
      #expect(kept.contains("interaction 1, 'response': the member appears twice"), "\(kept)")
      return
    }
    let reader = FieldReader(path: "\(name).yml", interaction: nil)
    let kept = try VCRCodec.decodeYAML(
      Array(text.utf8), dialect: dialect, reader: reader, largeScalarBytes: 1)
    let tree = try VCRCodec.decodeYAML(
      Array(text.utf8), dialect: dialect, reader: reader, largeScalarBytes: .max)
    #expect(kept == tree, "\(name)")
    #expect(!kept.interactions.isEmpty)
  }

  /// Both ways of decoding `bytes`: the cassettes, or the errors' descriptions.
  static func bothWays(_ bytes: [UInt8], _ dialect: VCRCodec.Dialect) -> (String, String) {
    let reader = FieldReader(path: "mutated.yml", interaction: nil)
    func decoded(_ limit: Int) -> String {
      do {
        let cassette = try VCRCodec.decodeYAML(
          bytes, dialect: dialect, reader: reader, largeScalarBytes: limit)
        return String(decoding: cassette.encoded(), as: UTF8.self)
      } catch {
        return "error: \(error)"
      }
    }
    return (decoded(1), decoded(.max))
  }

  /// vcrpy YAML `bytes` decoded with every large value kept out of the tree, and with none.
  static func keptAndTree(_ bytes: [UInt8]) throws -> (kept: Cassette, tree: Cassette) {
    (
      try Interchange.decodeYAML(bytes, ruby: false, largeScalarBytes: 1),
      try Interchange.decodeYAML(bytes, ruby: false, largeScalarBytes: .max)
    )
  }

  @Test func mutatedFilesDecodeTheSameEitherWay() {
    var random = SeededRandomNumberGenerator(seed: 15)
    let alphabet = Array(" \n\t-:'\"#[]{}|>!&*\\0a,".utf8)
    let samples =
      Self.cases.map { Array($0.1.utf8) }
      + [InterchangeFormat.vcrYAML, .vcrpyYAML].map {
        Interchange.export(InterchangeTests.cassette, as: $0)
      }
    for sample in samples {
      let dialect: VCRCodec.Dialect =
        sample.starts(with: Array("---\nhttp_interactions".utf8)) ? .ruby : .python
      for _ in 0..<60 {
        var bytes = sample
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] =
            alphabet.randomElement(using: &random)!
        }
        let (kept, tree) = Self.bothWays(bytes, dialect)
        #expect(kept == tree)
      }
    }
  }

  /// Bytes that are not UTF-8 are refused, kept out of the tree or not, as JSON refuses them
  /// (issue 31; they were repaired to U+FFFD before).
  @Test func bytesThatAreNotUTF8AreRefused() throws {
    var bytes = Array(Self.plainBody(lines: 20).utf8)
    let at = try #require(bytes.firstRange(of: Array("line 7".utf8)))
    bytes[at.lowerBound] = 0xFF
    #expect(throws: CassetteError.self) { try Self.keptAndTree(bytes) }
  }

  @Test func utf8CheckFollowsTheStringRules() {
    let valid: [[UInt8]] = [
      [], Array("plain ASCII text, longer than a word".utf8), Array("Zoë ✓ 𝄞".utf8),
    ]
    let invalid: [[UInt8]] = [
      [0xFF], Array("eight by".utf8) + [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      Array("ends in the middle ".utf8) + [0xE2, 0x9C],
    ]
    for bytes in valid { #expect(YAMLReader.LargeScalar.isUTF8(bytes)) }
    for bytes in invalid { #expect(!YAMLReader.LargeScalar.isUTF8(bytes), "\(bytes)") }
  }
}
