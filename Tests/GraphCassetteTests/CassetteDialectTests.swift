import GraphAPI
import Testing

@testable import GraphCassette

private typealias Kept = CassetteDialect.Kept

/// Issue 46: the cassette formats are one registry (`InterchangeFormat.dialect`), and what it
/// says of each is true: detection finds every format in its own files, its message names every
/// format, and each format keeps exactly what its `carries` says.
@Suite struct CassetteDialectTests {
  /// A text-only cassette of two interactions on a host WireMock does not keep.
  static let text: [Interaction] = [
    Interaction(
      request: HTTPRequest(
        method: "GET", url: "https://graph.beta.facebook.com/v2.0/me?fields=id",
        headers: ["Accept": "application/json"]),
      response: HTTPResponse(
        status: 200,
        headers: HTTPHeaders([
          .init(name: "Content-Type", value: "application/json"),
          .init(name: "Set-Cookie", value: "a=1"), .init(name: "Set-Cookie", value: "b=2"),
        ]),
        body: Array(#"{"id":"1"}"#.utf8), duration: .milliseconds(12)),
      recordedAt: "2026-11-30T07:40:00.000Z", expect: Expectation(status: 200))
  ]

  /// An upload and its answer in bytes that are not UTF-8.
  static let binary: [Interaction] = {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x80]
    return [
      Interaction(
        request: HTTPRequest(
          method: "POST", url: "https://graph.beta.facebook.com/me/photos",
          headers: ["Content-Type": "image/jpeg"], body: jpeg),
        response: HTTPResponse(status: 200, body: jpeg),
        recordedAt: "2026-11-30T07:40:02.000Z")
    ]
  }()

  @Test func theRegistryHasEveryFormatOnceInItsOrder() {
    #expect(CassetteDialect.all.map(\.format) == InterchangeFormat.allCases)
    #expect(Set(CassetteDialect.all.map(\.name)).count == InterchangeFormat.allCases.count)
    for dialect in CassetteDialect.all {
      #expect(InterchangeFormat(parsing: dialect.name) == dialect.format)
      #expect(InterchangeFormat.names.contains(dialect.name))
    }
  }

  @Test(arguments: InterchangeFormat.allCases)
  func detectionFindsEveryFormatInItsOwnExport(format: InterchangeFormat) throws {
    let bytes = Interchange.export(Cassette(interactions: Self.text), as: format)
    #expect(try Interchange.detect(bytes, path: "x") == format)
  }

  @Test func detectionsMessageNamesEveryFormat() {
    for (input, json) in [(#"{"something":"else"}"#, true), ("just text", false)] {
      #expect(throws: CassetteError.self) { try Interchange.detect(Array(input.utf8), path: "x") }
      let message = Interchange.unrecognised(json: json)
      for dialect in CassetteDialect.all where dialect.isJSON == json {
        #expect(message.contains(dialect.sign), "\(message)")
        #expect(message.contains(dialect.displayName), "\(message)")
      }
      if !json {
        for dialect in CassetteDialect.all {
          #expect(message.contains(dialect.displayName), "\(message)")
        }
      }
    }
  }

  @Test(arguments: InterchangeFormat.allCases)
  func eachFormatKeepsExactlyWhatItCarries(format: InterchangeFormat) throws {
    let carries = format.dialect.carries
    let whole = Cassette(interactions: Self.text + Self.binary)
    let refusal = Interchange.exportRefusal(whole, as: format)
    #expect((refusal != nil) == format.dialect.refusesBinary, "\(refusal ?? "no refusal")")
    let sent = whole
    let back = try Interchange.importCassette(
      Interchange.export(sent, as: format), path: "x", format: format
    ).cassette
    try #require(back.interactions.count == sent.interactions.count)
    let (a, b) = (sent.interactions[0], back.interactions[0])
    // What every format keeps.
    #expect(b.request.method == a.request.method)
    #expect(URLParts(b.request.url)?.path == URLParts(a.request.url)?.path)
    #expect(b.response.status == a.response.status)
    #expect(b.response.body == a.response.body)
    var kept: Set<CassetteDialect.Kept> = []
    if b.request.url == a.request.url { kept.insert(.hosts) }
    if b.response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"] {
      kept.insert(.repeatedHeaders)
    }
    if b.recordedAt == a.recordedAt { kept.insert(.times) }
    if b.duration == a.duration { kept.insert(.durations) }
    if b.expect == a.expect { kept.insert(.expectations) }
    if zip(back.interactions, sent.interactions).allSatisfy({
      $0.request.body == $1.request.body && $0.response.body == $1.response.body
    }) {
      kept.insert(.binaryBodies)
    }
    #expect(
      kept == carries,
      "\(format.rawValue) keeps \(Kept.words(kept)), its dialect says \(Kept.words(carries))")
  }
}
