import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 12 §2: vcrpy (the latest from PyPI, installed by Scripts/test) plays back every
/// interaction of every vcrpy export, with `record_mode="none"`: text, JSON, gzip, binary,
/// multipart and binary request bodies, errors, repeats. Bytes go as vcrpy writes them, YAML
/// `!!binary`; the JSON serializer, which cannot hold bytes, is refused in one line.
@Suite struct VcrpyPlaybackTests {
  static let gzip = [UInt8](
    Data(
      base64Encoded:
        "H4sIAAAAAAAC/6tWSkksSVSyiq5WykxRslIyVNJRyk0tLk5MTwXy0qsyCwpSU5RqY2sB9ytxkikAAAA=")!)
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x80,
  ]

  static func exchange(
    _ method: String, _ path: String, status: Int = 200, type: String = "application/json",
    requestType: String? = nil, requestBody: [UInt8] = [], body: [UInt8],
    extra: HTTPHeaders = [:]
  ) -> Interaction {
    var requestHeaders: HTTPHeaders = [:]
    if let requestType { requestHeaders.add("Content-Type", requestType) }
    var headers: HTTPHeaders = ["Content-Type": type]
    for field in extra { headers.add(field.name, field.value) }
    return Interaction(
      request: HTTPRequest(
        method: method, url: "https://graph.facebook.com/v2.8/" + path, headers: requestHeaders,
        body: requestBody),
      response: HTTPResponse(status: status, headers: headers, body: body),
      recordedAt: "2026-12-01T10:00:00.000Z")
  }

  static var textual: [Interaction] {
    let multipart =
      "--XyZ\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nhi\r\n--XyZ--\r\n"
    return [
      exchange("GET", "robots.txt", type: "text/plain", body: Array("User-agent: *\n".utf8)),
      exchange("GET", "me?fields=id,name", body: Array(#"{"id":"1","name":"Alice"}"#.utf8)),
      exchange(
        "POST", "me/photos", requestType: "multipart/form-data; boundary=XyZ",
        requestBody: Array(multipart.utf8), body: Array(#"{"id":"2"}"#.utf8)),
      exchange(
        "GET", "nope", status: 400,
        body: Array(
          #"{"error":{"message":"Unknown path components: /nope","type":"OAuthException","code":2500}}"#
            .utf8)),
      exchange("GET", "me/feed", body: Array(#"{"data":[{"id":"a"}]}"#.utf8)),
      exchange("GET", "me/feed", body: Array(#"{"data":[{"id":"b"}]}"#.utf8)),
    ]
  }

  static var binary: [Interaction] {
    [
      exchange(
        "GET", "me/feed?limit=1", body: gzip, extra: ["Content-Encoding": "gzip"]),
      exchange("GET", "1/picture", type: "image/png", body: png),
      exchange(
        "POST", "me/videos", requestType: "application/octet-stream", requestBody: png,
        body: Array(#"{"id":"3"}"#.utf8)),
    ]
  }

  func playBack(_ cassette: Cassette, as format: InterchangeFormat) throws -> [JSONValue] {
    try InteropPlayer(interpreter: "python3", script: "vcrpy_playback.py")
      .answers(cassette, as: format, fileName: format == .vcrpy ? "c.json" : "c.yaml")
  }

  @Test func vcrpyYAMLPlaysBackEveryKindOfBody() throws {
    let interactions = Self.textual + Self.binary
    let cassette = Cassette(interactions: interactions)
    let yaml = String(decoding: Interchange.export(cassette, as: .vcrpyYAML), as: UTF8.self)
    #expect(yaml.contains("string: !!binary |"))
    #expect(!yaml.contains("base64_string"))
    InteropPlayer.expectPlayedBack(interactions, try playBack(cassette, as: .vcrpyYAML))
    // And graph-explorer reads its own export back byte for byte.
    let back = try Interchange.read(
      Interchange.export(cassette, as: .vcrpyYAML), path: "c.yaml"
    ).cassette
    #expect(back.interactions.map(\.response.body) == interactions.map(\.response.body))
    #expect(back.interactions.map(\.request.body) == interactions.map(\.request.body))
  }

  @Test func vcrpyJSONPlaysBackTextAndRefusesBytesInOneLine() throws {
    let cassette = Cassette(interactions: Self.textual)
    InteropPlayer.expectPlayedBack(Self.textual, try playBack(cassette, as: .vcrpy))
    let refusal = Interchange.exportRefusal(
      Cassette(interactions: Self.textual + Self.binary), as: .vcrpy)
    #expect(
      refusal
        == "interaction 7 has a binary response body, which vcrpy's JSON serializer cannot hold; use --format vcrpy-yaml (vcrpy's default YAML serializer)"
    )
    #expect(Interchange.exportRefusal(cassette, as: .vcrpy) == nil)
  }
}
