import GraphAPI
import GraphJSON
import GraphYAML
import Testing

@testable import GraphCassette

/// The byte-based YAML reader hands a cassette's interactions to the decoder one by one, and
/// the native cassette is printed one interaction at a time: both must give what reading and
/// printing the whole tree gave.
@Suite struct YAMLStreamingTests {
  static func interaction(_ n: Int) -> String {
    """
    - request:
        method: get
        uri: https://graph.facebook.com/v2.8/me?n=\(n)
        body:
          encoding: UTF-8
          string: ''
        headers:
          Accept:
          - application/json
      response:
        status:
          code: 200
          message: OK
        headers:
          Content-Type:
          - application/json
        body:
          encoding: UTF-8
          string: '{"id":"\(n)","name":"Zoë \(n)"}'
      recorded_at: Tue, 01 Dec 2026 10:00:00 GMT

    """
  }

  static func cassette(_ count: Int) -> String {
    "---\nhttp_interactions:\n" + (0..<count).map(interaction).joined()
      + "recorded_with: VCR 6.0.0\n"
  }

  @Test func streamedInteractionsEqualTheTreeDecoding() throws {
    let text = Self.cassette(5)
    let tree = try YAMLReader.parse(text)
    let expected = try VCRCodec.decode(
      tree, dialect: .ruby, reader: FieldReader(path: "x.yml", interaction: nil))
    let (streamed, _) = try Interchange.read(Array(text.utf8), path: "x.yml")
    #expect(streamed == expected)
    #expect(streamed.interactions.count == 5)
    #expect(streamed.recordedWith == "VCR 6.0.0")
    #expect(streamed.interactions[3].response.bodyText == #"{"id":"3","name":"Zoë 3"}"#)
  }

  /// A key given twice is refused, streamed or not (issue 44: readers disagreed on which
  /// one counts).
  @Test func aKeyGivenTwiceIsRefused() throws {
    let text = Self.cassette(2) + "http_interactions:\n" + Self.interaction(7)
    let flow = Self.cassette(2) + "http_interactions: []\n"
    for text in [text, flow] {
      #expect {
        try Interchange.read(Array(text.utf8), path: "x.yml")
      } throws: { error in
        "\(error)" == "x.yml: Ruby VCR YAML: 'http_interactions': the member appears twice "
          + "(readers would disagree on which one counts)"
      }
    }
  }

  @Test func aBadInteractionIsNamedByItsNumber() {
    let text = Self.cassette(2).replacingAll("code: 200", with: "code: abc")
    #expect {
      try Interchange.read(Array(text.utf8), path: "x.yml")
    } throws: { error in
      "\(error)".contains("entry 0") && "\(error)".contains("response.status.code")
    }
  }

  @Test func theNativeCassetteIsPrintedAsTheWholeTreeWouldBe() throws {
    var cassette = try Interchange.read(Array(Self.cassette(3).utf8), path: "x.yml").cassette
    cassette.interactions[1].response.headers.add("Set-Cookie", "a=1")
    cassette.interactions[1].response.headers.add("Set-Cookie", "b=2")
    cassette.interactions[2].request.body = [0xFF, 0x00, 0x0A]
    // 300 interactions print to more than one 64 KiB chunk.
    let large = try Interchange.read(Array(Self.cassette(300).utf8), path: "x.yml").cassette
    for sample in [cassette, Cassette(), Cassette(interactions: [cassette.interactions[0]]), large]
    {
      var taken = sample
      let chunks = Array(taken.takeEncodedChunks())
      #expect(Array(chunks.joined()) == sample.encoded())
      #expect(sample.interactions.count < 300 || chunks.count > 1)
      #expect(taken.interactions.isEmpty)
      let whole = JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(sample)) + [0x0A]
      #expect(sample.encoded() == whole)
      #expect(try Cassette(bytes: sample.encoded()) == sample)
    }
  }
}
