import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// The cassette's interactions, printed a line at a time into the document and appended to a
/// recording's tail, are the bytes the whole document printed as one JSON value has.
@Suite struct InteractionPrintingTests {
  static func cassette() -> Cassette {
    var cassette = CassetteFormatTests.sample
    var second = cassette.interactions[0]
    second.request.url = "https://graph.facebook.com/v2.0/me?q=a%0Ab\\n"
    second.request.body = Array("line one\nline two\n".utf8)
    second.response.body = Array("{\n  \"pretty\": [\n    1,\n    {}\n  ]\n}".utf8)
    second.response.headers = ["Set-Cookie": "a", "set-cookie": "b\nc", "X-Empty": ""]
    cassette.interactions.append(second)
    return cassette
  }

  @Test func documentIsTheWholeValuePrintedOnce() {
    let cassette = Self.cassette()
    let whole = JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(cassette)) + [0x0A]
    #expect(cassette.encoded() == whole)
  }

  /// Answer bodies kept as JSON, printed from their parsed documents in the marker's place
  /// (issue 48), in every layout and shape: the bytes of the interaction's tree printed whole.
  @Test(arguments: [
    #"{"id":"1","name":"Ada","n":1.50}"#,
    #"{"data":[{"id":"1","tags":[],"o":{}},{"id":"2","x":[1,[2,{"a":null}],true]}],"paging":{"next":"https://graph.facebook.com/v2.0/1/feed?after=QVF"}}"#,
    #"{"data":[{"id":"1"}],"next":"https:\/\/graph.facebook.com\/x"}"#,
    #"{"name":"\u00e9l\u00e8ve","s":"a\nb\t\"q\" \u0000"}"#,
    #"{"name":"élève 😀"}"#,
    "{\n  \"pretty\": [\n    1,\n    {}\n  ]\n}",
    #"[]"#, #"{}"#, #""just a string""#, #"[1,2,[3]]"#, "true", "null",
    #"{"error":{"message":"(#100) \u0000graph-explorer JSON body x","code":100}}"#,
  ])
  func jsonBodiesPrintAsTheirTree(_ body: String) throws {
    var interaction = CassetteFormatTests.sample.interactions[0]
    interaction.response.body = Array(body.utf8)
    interaction.request.body = Array(#"{"batch":[1]}"#.utf8)
    let indent = Cassette.interactionIndent
    var expected = Array(repeating: UInt8(0x20), count: indent)
    for byte in JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(interaction)) {
      expected.append(byte)
      if byte == 0x0A { expected.append(contentsOf: repeatElement(0x20, count: indent)) }
    }
    #expect(Cassette.arrayItem(interaction) == expected)
    #expect(NativeCodec.encode(interaction, jsonMarker: Cassette.jsonMarker).json != nil)
    let cassette = Cassette(interactions: [interaction])
    #expect(
      cassette.encoded()
        == JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(cassette)) + [0x0A])
    #expect(
      try Cassette(bytes: cassette.encoded()).interactions[0].response.body == Array(body.utf8))
  }

  /// Bodies not kept as JSON (text, a form, bytes) take the tree's way and print the same.
  @Test(arguments: [#"{"id":1"#, "plain text", "\u{FF}\u{FE}", #"{"a":1} "#])
  func otherBodiesAreNotDeferred(_ body: String) {
    var interaction = CassetteFormatTests.sample.interactions[0]
    interaction.response.body = body == "\u{FF}\u{FE}" ? [0xFF, 0xFE] : Array(body.utf8)
    #expect(NativeCodec.encode(interaction, jsonMarker: Cassette.jsonMarker).json == nil)
    let cassette = Cassette(interactions: [interaction])
    #expect(
      cassette.encoded()
        == JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(cassette)) + [0x0A])
  }

  /// The marker is found where it first starts, as the generic search found it.
  @Test(
    arguments: [
      ("aab", "ab", 1), ("ab", "ab", 0), ("a", "ab", nil), ("xaxab", "ab", 3), ("abab", "ab", 0),
      ("xxxx", "ab", nil), ("xxa", "a", 2), ("", "a", nil),
    ] as [(String, String, Int?)])
  func byteSearchFindsTheFirst(_ haystack: String, _ needle: String, _ at: Int?) {
    #expect(ByteSearch.first(Array(needle.utf8), in: Array(haystack.utf8)) == at)
  }

  @Test func eachArrayItemIsItsSliceOfTheDocument() {
    let cassette = Self.cassette()
    let document = cassette.encoded()
    var from = 0
    for interaction in cassette.interactions {
      let item = Cassette.arrayItem(interaction)
      let found = document[from...].firstRange(of: item)
      #expect(found != nil)
      from = found?.upperBound ?? from
    }
  }
}
