import Foundation
import GraphAPI
import GraphGzip
import GraphJSON
import GraphJSONTestSupport
import GraphTestSupport
import Testing

@testable import GraphCassette

/// Issue 48: an appended interaction is printed straight to bytes (`InteractionItemPrinter`),
/// with no tree of it. The bytes must be those `Cassette.encoded()` prints from the tree for the
/// same interaction, and a recording (appended one by one, redacted) the bytes of its whole
/// cassette printed at once, whatever the exchange holds.
@Suite struct InteractionItemPrinterTests {
  static let userToken = "EAAB" + String(repeating: "Zq9x", count: 30)
  static let mintedToken = "CAAEmuMinted" + String(repeating: "7Kp", count: 12)
  static let appSecret = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
  static let code = "AQD" + String(repeating: "c0de", count: 20)

  static func response(
    _ status: Int = 200, _ headers: HTTPHeaders = ["Content-Type": "application/json"],
    body: String, ms: Int = 12
  ) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: headers, body: Array(body.utf8), duration: .microseconds(ms * 777))
  }

  /// Exchanges of every shape a session records.
  static var exchanges: [(HTTPRequest, HTTPResponse)] {
    let graph = "https://graph.facebook.com/v2.2"
    let multipart = MultipartFormData(parts: [
      .init(name: "access_token", body: Array(userToken.utf8)),
      .init(name: "message", body: Array("a \"quoted\" photo\n".utf8)),
      .init(
        name: "source", filename: "p.jpg", contentType: "image/jpeg", body: [0xFF, 0xD8, 0, 1]),
    ])
    let big =
      "{\"data\":["
      + (0..<1000).map { #"{"id":"\#($0)","name":"Person \#($0)"}"# }
      .joined(separator: ",") + "]}"
    // Over `BodyCodec.compressedFrom`: stored gzip, base64.
    let huge = String(repeating: "a line of a big text answer\n", count: 40_000)
    let gzipAnswer = Array(#"{"access_token":"\#(mintedToken)","token_type":"bearer"}"#.utf8)
    return [
      // A secret in the query; an answer with quotes, backslashes, non-ASCII and a control
      // character in a header.
      (
        HTTPRequest(url: graph + "/me?fields=id,name&access_token=\(userToken)"),
        response(
          200,
          [
            "Content-Type": "application/json; charset=UTF-8",
            "x-app-usage": #"{"call_count":0,"total_time":0}"#, "X-Path": #"C:\dir\"x""#,
            "X-Odd": "tab\there", "X-Name": "Zoë ✓",
          ], body: #"{"id":"1","name":"Zo\u00eb \"Z\" Smith","note":"a\/b"}"#)
      ),
      // A form body with a token and the app secret's proof; an answer minting a token.
      (
        HTTPRequest(
          method: "POST", url: graph + "/oauth/access_token",
          headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Array(
            "client_id=1&client_secret=\(appSecret)&code=\(code)&redirect_uri=https%3A%2F%2Fx".utf8)
        ),
        response(
          body: #"{"access_token":"\#(mintedToken)","token_type":"bearer","expires_in":5183944}"#)
      ),
      // A JSON body, Authorization, repeated headers (one only once lowercased: a Kelvin sign),
      // an empty answer.
      (
        HTTPRequest(
          method: "POST", url: graph + "/me/feed",
          headers: [
            "Authorization": "OAuth \(mintedToken)", "Content-Type": "application/json",
            "Accept": "a", "accept": "b",
          ],
          body: Array(#"{"message":"hi","access_token":"\#(userToken)"}"#.utf8)),
        response(
          204,
          [
            "Set-Cookie": "a=1", "set-cookie": "b=2", "X-Empty": "", "X-Kelvin": "1",
            "X-\u{212A}elvin": "2",
          ], body: "")
      ),
      // A multipart upload with a binary part; a text answer with the app token.
      (
        HTTPRequest(
          method: "POST", url: graph + "/me/photos",
          headers: ["Content-Type": multipart.contentType], body: multipart.encoded()),
        response(200, ["Content-Type": "text/plain"], body: "access_token=1|\(appSecret)&expires=0")
      ),
      // A gzip answer as received, holding a token (stored decoded, redacted) and one without.
      (
        HTTPRequest(url: graph + "/oauth/access_token?grant_type=fb_exchange_token"),
        HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json", "Content-Length": "99"],
          body: gzipAnswer,
          received: ReceivedBody(encoding: "gzip", bytes: Gzip.compress(gzipAnswer)))
      ),
      (
        HTTPRequest(url: graph + "/me/friends?limit=3000"),
        HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"], body: Array(big.utf8),
          received: ReceivedBody(encoding: "gzip", bytes: Gzip.compress(Array(big.utf8))))
      ),
      // Big answers (the text one compressed in the cassette), binary, pretty and escaped-slash JSON, an
      // error, a control character in the URL.
      (HTTPRequest(url: graph + "/me/friends"), response(body: big)),
      (
        HTTPRequest(url: graph + "/me/notes"),
        response(200, ["Content-Type": "text/plain"], body: huge)
      ),
      (
        HTTPRequest(url: graph + "/me/picture?redirect=false"),
        HTTPResponse(
          status: 200, headers: ["Content-Type": "image/png"], body: [0x89, 0x50, 0, 0xFF])
      ),
      (HTTPRequest(url: graph + "/me"), response(body: "{\n  \"id\": \"1\"\n}")),
      (HTTPRequest(url: graph + "/me/link"), response(body: #"{"link":"https:\/\/x\/y"}"#)),
      (
        HTTPRequest(url: graph + "/bad\u{1}path?q=\u{7F}"),
        response(
          400, ["WWW-Authenticate": "OAuth \"Facebook Platform\" \"invalid_token\""],
          body: #"{"error":{"message":"(#100) bad","type":"OAuthException","code":100}}"#)
      ),
      (HTTPRequest(method: "DELETE", url: graph + "/1_2"), response(200, [:], body: "true")),
      // A JSON answer said to be a form in another case; a request with a form's type and no body.
      (
        HTTPRequest(
          url: graph + "/me", headers: ["Content-Type": "multipart/form-data; boundary=b"]),
        response(200, ["Content-Type": "Multipart/Form-Data; boundary=b"], body: #"{"id":"1"}"#)
      ),
    ]
  }

  /// Each exchange, redacted or not, prints as `Cassette.encoded()` prints it.
  @Test func eachItemIsTheBytesTheWholeCassettePrints() throws {
    var redactor = Redactor(knownSecrets: [.appSecret(Self.appSecret)])
    for (index, (request, response)) in Self.exchanges.enumerated() {
      var interaction = Interaction(
        request: request, response: response, recordedAt: "2026-12-05T12:00:0\(index % 10).123Z")
      if index == 2 {
        interaction.expect = Expectation(status: 204, errorCode: nil)
      }
      for candidate in [interaction, redactor.redact(interaction)] {
        try Self.expectTheCassettesBytes(candidate, "exchange \(index): \(interaction.summary)")
      }
    }
  }

  /// `interaction`'s item is the bytes `Cassette.encoded()` prints for it.
  static func expectTheCassettesBytes(_ interaction: Interaction, _ comment: Comment) throws {
    var cassette = Cassette(recordedWith: "graph-explorer test")
    cassette.interactions = [interaction]
    let whole = cassette.encoded()
    let opening = try #require(whole.firstRange(of: Array("\"interactions\": [\n".utf8)))
    let expected =
      whole[..<opening.upperBound] + Cassette.arrayItem(interaction) + Array("\n  ]\n}\n".utf8)
    #expect(Array(expected) == whole, comment)
  }

  /// A duration (whole, fractional, rounded, long) prints as the cassette's printer prints it.
  @Test func aDurationIsTheNumberTheCassettePrints() throws {
    let durations: [Duration] = [
      .zero, .nanoseconds(1), .nanoseconds(499), .nanoseconds(500), .microseconds(1),
      .microseconds(1500), .milliseconds(12), .seconds(1), .microseconds(123_456_789),
      .seconds(86_400 * 400) + .microseconds(7), .nanoseconds(-2500),
    ]
    for duration in durations {
      let response = HTTPResponse(status: 200, headers: [:], body: [], duration: duration)
      let interaction = Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me"), response: response,
        recordedAt: "2026-12-05T12:00:00.000Z")
      try Self.expectTheCassettesBytes(interaction, "\(duration)")
    }
  }

  /// Every number of milliseconds written from its thousandths is `JSONNumber`'s text of it:
  /// each thousandth up to 100 ms, then durations spread up to past the written range.
  @Test func millisecondsAreJSONNumbersText() {
    var generator = SeededRandomNumberGenerator(seed: 48)
    var durations = (0..<100_000).map { Duration.microseconds($0) }
    for _ in 0..<20_000 {
      durations.append(
        .nanoseconds(Int64.random(in: 0..<2_000_000_000_000_000 / 1000, using: &generator)))
    }
    durations += [.seconds(999_999), .seconds(1_000_000), .nanoseconds(-1_500_000)]
    for duration in durations {
      var bytes: [UInt8] = []
      InteractionItemPrinter.appendMilliseconds(duration, to: &bytes)
      let expected = JSONNumber(NativeCodec.milliseconds(duration)).text
      guard String(decoding: bytes, as: UTF8.self) == expected else {
        Issue.record("\(duration): \(String(decoding: bytes, as: UTF8.self)), not \(expected)")
        return
      }
    }
  }

  /// A Content-Type is a form's exactly when the codec's rule (`lowercased()`, then a prefix of
  /// characters) says so, whatever its case, first byte or marks.
  @Test func aFormIsToldAsTheCodecTellsIt() {
    let types = [
      "", "m", "M", "application/json; charset=UTF-8", "multipart/form-data; boundary=x",
      "MULTIPART/FORM-DATA", "Multipart/Form-Data", "multipart/form-dat", "multipart/mixed",
      "multipart/form-data\u{301}", "\u{212A}", "é", "\u{1}multipart/form-data",
    ]
    for type in types {
      #expect(
        InteractionItemPrinter.notAForm(type) == !type.lowercased().hasPrefix(
          "multipart/form-data"),
        "\(type.debugDescription)")
    }
  }

  /// Two header names repeat exactly when the tree's rule (`lowercased()`) says so: names told
  /// apart by length and first and last byte first, compared whole only when those agree.
  @Test func aRepeatedNameIsToldAsTheTreeTellsIt() {
    let lists: [[String]] = [
      [], ["A"], ["Accept", "accept"], ["x-ab-y", "x-cd-y"], ["X-Trace", "x-trace"],
      ["Content-Type", "Cache-Control", "x-fb-trace-id"], ["a-b", "A-B", "c"],
      ["X-Kelvin", "X-\u{212A}elvin"], ["ab", "ba"], ["Set-Cookie", "Set-CookiE"],
      (0..<33).map { "X-\($0)" }, (0..<32).map { "X-\($0 % 31)" },
    ]
    for names in lists {
      let headers = HTTPHeaders(names.map { HTTPHeaders.Field(name: $0, value: "v") })
      var seen = Set<String>()
      let expected = !names.allSatisfy { seen.insert($0.lowercased()).inserted }
      #expect(InteractionItemPrinter.repeatsAName(headers) == expected, "\(names)")
    }
  }

  /// `Content-Type` found byte by byte is the subscript's, whatever the case or the marks.
  @Test func theContentTypeIsTheSubscripts() {
    let names = [
      "Content-Type", "content-type", "CONTENT-TYPE", "Content-type", "Content_Type",
      "Content-Typ", "Content-Types", "X-Content-Type", "Cont\u{212A}ent-Type", "Content-Typé",
      "İContent-Type",
    ]
    for name in names {
      for headers: HTTPHeaders in [
        [name: "a"], ["X-A": "1", name: "b", "Content-Type": "c"], ["X": "1"],
      ] {
        #expect(
          InteractionItemPrinter.contentType(of: headers) == headers["Content-Type"], "\(name)")
      }
    }
  }

  /// Items printed one after another with the header fields printed last time
  /// (`PrintedHeaders`) are the bytes printed without: the same fields, a value changed, fewer
  /// fields and more, a name repeated and then not, a field too long to keep.
  @Test func itemsPrintedWithTheLastHeadersAreTheSameBytes() {
    let long = String(repeating: "v", count: 2000)
    let lists: [HTTPHeaders] = [
      ["Content-Type": "application/json", "X-Trace": "a", "X-Usage": #"{"a":"1"}"#],
      ["Content-Type": "application/json", "X-Trace": "b", "X-Usage": #"{"a":"1"}"#],
      ["Content-Type": "application/json", "X-Trace": "b"],
      ["Content-Type": "application/json", "X-Trace": "b", "X-Usage": "2", "X-New": long],
      ["Content-Type": "application/json", "x-trace": "b", "X-Trace": "c"],
      ["Content-Type": "application/json", "X-Trace": "b", "X-Usage": #"{"a":"1"}"#],
      ["Content-Type": "application/json", "X-Trace": "b", "X-Usage": "2", "X-New": long],
      [:], ["Content-Type": "application/json", "X-Odd": "tab\there"],
    ]
    var memo = PrintedHeaders()
    for (n, headers) in (lists + lists.reversed()).enumerated() {
      let interaction = Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me?n=\(n)", headers: headers),
        response: Self.response(200, headers, body: #"{"id":"\#(n)"}"#),
        recordedAt: "2026-12-05T00:00:00.000Z")
      #expect(Cassette.arrayItem(interaction, memo: &memo) == Cassette.arrayItem(interaction))
    }
    for (request, response) in Self.exchanges + Self.exchanges {
      let interaction = Interaction(
        request: request, response: response, recordedAt: "2026-12-05T00:00:00.000Z")
      #expect(Cassette.arrayItem(interaction, memo: &memo) == Cassette.arrayItem(interaction))
    }
  }

  /// A recording appended interaction by interaction is its cassette printed whole, and holds
  /// none of the secrets.
  @Test func aRecordingIsItsWholeCassette() throws {
    let scratch = ScratchDirectory("item-printer")
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let recorder = try CassetteRecorder(
      wrapping: RecordingLockTests.Echo(), file: file, mode: .all,
      knownSecrets: [.appSecret(Self.appSecret)], clock: { Date(timeIntervalSince1970: 1.8e9) })
    for (request, response) in Self.exchanges + Self.exchanges {
      try recorder.recordEarlier(request, response)
    }
    try recorder.flush()
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(written == recorder.currentCassette.encoded())
    let text = String(decoding: written, as: UTF8.self)
    for secret in [Self.userToken, Self.mintedToken, Self.appSecret, Self.code] {
      #expect(!text.contains(secret))
    }
    #expect(try Cassette.load(path: file).interactions.count == 2 * Self.exchanges.count)
  }
}
