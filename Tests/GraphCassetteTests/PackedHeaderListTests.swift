import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphCassette

/// Issue 15 §3: a long flow list of a header's values in a streamed YAML interaction is kept
/// packed (its bytes and where each value ends, no `String` per value), redacted and written
/// from its bytes; everything decodes, redacts and prints as the tree would have it.
@Suite struct PackedHeaderListTests {
  /// A vcrpy cassette whose answer has the header `name` with `list` as its value (a flow
  /// collection written as it is, over lines of its own when `lines`).
  static func cassette(_ list: String, name: String = "X-List", extra: String = "") -> String {
    """
    interactions:
    - request:
        body: null
        headers:
          Accept: ['*/*']
        method: GET
        uri: https://graph.facebook.com/v2.8/me
      response:
        body: {string: ok}
        headers:
          \(name): \(list)\(extra)
        status: {code: 200, message: OK}
    version: 1

    """
  }

  /// A flow list of `count` quoted values over lines, as the issue's file has it.
  static func longList(_ count: Int, _ item: (Int) -> String) -> String {
    "[\n" + (0..<count).map { "      " + item($0) }.joined(separator: ",\n") + "]"
  }

  static func decode(_ text: String, limit: Int) throws(CassetteError) -> Cassette {
    try VCRCodec.decodeYAML(
      Array(text.utf8), dialect: .python, reader: FieldReader(path: "t.yml", interaction: nil),
      largeScalarBytes: limit)
  }

  /// Lists whose items the packer must read exactly as the flow parser does.
  static let lists: [(String, Bool)] = [
    ("['a', 'b c', \"d\"]", true),
    ("[plain, words with spaces  , 'it''s', \"say \\\"hi\\\"\\n\\tthen \\\\ \\/\"]", true),
    ("[ a , b , ]  # a comment", true),
    (longList(300) { "'item number \($0) of the flow list'" }, true),
    (longList(100) { "\"Zoë ✓ \\u00e9 \($0)\"" }, true),
    ("['multi\n        line', two]", true),
    // Typed items, nested collections and malformed lists are the flow parser's.
    ("[1, 'b']", false),
    ("[a, null]", false),
    ("[a, true, ~]", false),
    ("[a, [b, c]]", false),
    ("[a, {b: c}]", false),
    ("[a, ]b]", false),
    ("[a, , b]", false),
    ("['unterminated]", false),
    ("[]", false),
  ]

  @Test(arguments: lists) func aListDecodesAsTheTreeHasIt(list: String, packs: Bool) throws {
    let text = Self.cassette(list)
    let tree: Result<Cassette, CassetteError>
    do { tree = .success(try Self.decode(text, limit: .max)) } catch { tree = .failure(error) }
    let kept: Result<Cassette, CassetteError>
    do { kept = .success(try Self.decode(text, limit: 1)) } catch { kept = .failure(error) }
    switch (tree, kept) {
    case (.success(let a), .success(let b)):
      #expect(a == b)
      #expect(a.encoded() == b.encoded())
      #expect(b.interactions[0].response.headers.holdsPackedValues == packs, "\(list)")
      #expect(!a.interactions[0].response.headers.holdsPackedValues)
      // The request's `Accept: ['*/*']` is kept packed too, in the request.
      #expect(b.interactions[0].request.headers.holdsPackedValues)
      #expect(b.interactions[0].request.headers.values(for: "accept") == ["*/*"])
    case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
    default: Issue.record("\(list): \(tree) against \(kept)")
    }
  }

  @Test func listsOutsideHeadersGoBackIntoTheTree() throws {
    for text in [
      // A body that is a list, a list under `!binary`, a list in a header's flow mapping.
      Self.cassette("['a', 'b']").replacingOccurrences(
        of: "body: {string: ok}", with: "body:\n      string: ['x', 'y']"),
      Self.cassette("!binary [aGk=, aGk=]"),
      Self.cassette("['a', 'b']").replacingOccurrences(
        of: "    headers:\n      Accept: ['*/*']", with: "    headers: {Accept: ['*/*', 'b']}"),
    ] {
      let (kept, tree) = LargeScalarTests.bothWays(Array(text.utf8), .python)
      #expect(kept == tree)
    }
  }

  @Test func aPackedListIsWrittenAsTheTreeWritesIt() throws {
    // Values that need escapes (no line feed: a header value may not hold one), two spellings of one name (one list in the cassette), and
    // more values than are spliced.
    let list = Self.longList(500) { n in
      n % 3 == 0 ? "\"quote \\\" back \\\\ tab \\t é \(n)\"" : "'value \(n)'"
    }
    let text = Self.cassette(list, extra: "\n      x-list: ['after']\n      Other: [one]")
    var kept = try Self.decode(text, limit: 1)
    let tree = try Self.decode(text, limit: .max)
    #expect(kept.interactions[0].response.headers.holdsPackedValues)
    let expected = tree.encoded()
    #expect(kept.encoded() == expected)
    var written: [UInt8] = []
    for piece in kept.takeEncodedChunks() { written += piece }
    #expect(written == expected)
    // And it reads back as the same cassette.
    #expect(
      try Cassette(bytes: written, path: "t.json") == Cassette(bytes: expected, path: "t.json"))
  }

  @Test func secretsInAPackedListAreRedactedAndItStaysPacked() throws {
    let token = "EAABsecretsecretsecretsecret1234567890"
    let list = Self.longList(200) { n in n == 150 ? "'\(token)'" : "'plain \(n)'" }
    let text = Self.cassette(list, name: "X-Access-Token")
    var redactor = Redactor()
    var kept = try Self.decode(text, limit: 1)
    redactor.redact(&kept)
    var plain = Redactor()
    var tree = try Self.decode(text, limit: .max)
    plain.redact(&tree)
    let headers = kept.interactions[0].response.headers
    #expect(headers.holdsPackedValues)
    #expect(kept == tree)
    // Every value of a header named for a token is one.
    #expect(headers[150].value.hasPrefix("<ACCESS_TOKEN_"))
    #expect(!String(decoding: kept.encoded(), as: UTF8.self).contains(token))
    var written: [UInt8] = []
    for piece in kept.takeEncodedChunks() { written += piece }
    #expect(!String(decoding: written, as: UTF8.self).contains(token))
    #expect(written == tree.encoded())
  }

  /// Values that are not UTF-8 are refused, packed or not, as JSON refuses them (they were
  /// repaired to U+FFFD before YAML's encoding was checked).
  @Test func valuesThatAreNotUTF8AreRefused() throws {
    var bytes = Array(Self.cassette(Self.longList(50) { "'item \($0)'" }).utf8)
    let at = try #require(bytes.firstRange(of: Array("item 7".utf8)))
    bytes[at.lowerBound] = 0xFF
    #expect(throws: CassetteError.self) { try LargeScalarTests.keptAndTree(bytes) }
  }

  @Test func mutatedListsDecodeTheSameEitherWay() {
    var random = SeededRandomNumberGenerator(seed: 151)
    let alphabet = Array(" \n\t-:'\"#[]{}|>!&*\\0a,~".utf8)
    let sample = Array(
      Self.cassette(Self.longList(40) { $0 % 2 == 0 ? "'v \($0)'" : "plain \($0)" }).utf8)
    for _ in 0..<300 {
      var bytes = sample
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] =
          alphabet.randomElement(using: &random)!
      }
      let (kept, tree) = LargeScalarTests.bothWays(bytes, .python)
      #expect(kept == tree)
    }
  }
}
