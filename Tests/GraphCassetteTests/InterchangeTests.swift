import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct InterchangeTests {
  static let cassette: Cassette = {
    var form = post("https://graph.facebook.com/v2.0/me/feed", form: "message=it's%20me%3A%20%23hi")
    form.headers.add("User-Agent", "FBiOSSDK.3.24.0")
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x80]
    return Cassette(
      interactions: [
        Interaction(
          request: get("https://graph.facebook.com/v2.0/me?fields=id,name"),
          response: HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"],
            body: Array(#"{"id":"1","name":"Zoë: \"the\" #1\nline 2"}"#.utf8),
            duration: .milliseconds(12)),
          recordedAt: "2026-11-30T07:40:00.000Z"),
        Interaction(
          request: form,
          response: HTTPResponse(
            status: 400, headers: ["Content-Type": "application/json"],
            body: Array(
              #"{"error":{"message":"(#200) Requires extended permission: publish_actions","code":200}}"#
                .utf8)),
          recordedAt: "2026-11-30T07:40:01.000Z",
          expect: Expectation(status: 400, errorCode: 200)),
        Interaction(
          request: HTTPRequest(
            method: "POST", url: "https://graph.facebook.com/me/photos",
            headers: ["Content-Type": "image/jpeg"], body: jpeg),
          response: HTTPResponse(status: 200, body: jpeg),
          recordedAt: "2026-11-30T07:40:02.000Z"),
      ], recordedWith: "graph-explorer test")
  }()

  @Test(arguments: InterchangeFormat.faithful)
  func roundTripsKeepEveryInteraction(format: InterchangeFormat) throws {
    let bytes = Interchange.export(Self.cassette, as: format)
    let (back, detected) = try Interchange.importCassette(bytes, path: "x")
    #expect(detected == format)
    #expect(back.interactions.count == Self.cassette.interactions.count)
    for (a, b) in zip(back.interactions, Self.cassette.interactions) {
      #expect(a.request.method == b.request.method)
      #expect(a.request.url == b.request.url)
      #expect(a.request.body == b.request.body)
      #expect(a.request.headers == b.request.headers)
      #expect(a.response.status == b.response.status)
      #expect(a.response.headers == b.response.headers)
      #expect(a.response.body == b.response.body)
      if format != .vcrpy && format != .vcrpyYAML {  // vcrpy keeps no times
        #expect(a.recordedAt == b.recordedAt)
      }
    }
    if format == .har || format == .native {
      #expect(back == Self.cassette)
    }
  }

  @Test func rubyVCRYAMLAsPsychWritesIt() throws {
    let yaml = """
      ---
      http_interactions:
      - request:
          method: get
          uri: https://graph.facebook.com/me/friends?access_token=CAAtokenINCLEAR123&limit=1
          body:
            encoding: US-ASCII
            string: ''
          headers:
            Accept:
            - "*/*"
            Content-Length:
            - 0
        response:
          status:
            code: 200
            message: OK
          headers:
            Content-Type:
            - text/javascript; charset=UTF-8
          body:
            encoding: UTF-8
            string: '{"data":[{"name":"Ada","id":"2"}],"paging":{"next":"https:\\/\\/graph.facebook.com\\/me\\/friends?access_token=CAAtokenINCLEAR123&limit=1&offset=1"},
              "summary":{"total_count":821}}'
          http_version:
        recorded_at: Tue, 01 Nov 2011 04:58:44 GMT
      - request:
          method: post
          uri: https://graph.facebook.com/me/photos
          body:
            encoding: ASCII-8BIT
            string: !binary |-
              /9j/4AAQ
          headers: {}
        response:
          status:
            code: 400
            message: Bad Request
          headers: {}
          body:
            encoding: UTF-8
            string: "{\\"error\\":{\\"code\\":100,\\n\\
              \\"type\\":\\"OAuthException\\"}}"
          http_version:
        recorded_at: Tue, 01 Nov 2011 04:58:45 GMT
      recorded_with: VCR 2.9.3
      """
    let (c, format) = try Interchange.importCassette(Array(yaml.utf8), path: "friends.yml")
    #expect(format == .vcrYAML)
    #expect(c.interactions.count == 2)
    let first = c.interactions[0]
    #expect(first.request.method == "GET")
    #expect(
      first.request.url
        == "https://graph.facebook.com/me/friends?access_token=<ACCESS_TOKEN_1>&limit=1")
    #expect(first.request.headers.values(for: "Content-Length") == ["0"])
    #expect(first.response.bodyText.hasSuffix(#"offset=1"}, "summary":{"total_count":821}}"#))
    #expect(!first.response.bodyText.contains("CAAtokenINCLEAR123"))
    #expect(first.recordedAt == "2011-11-01T04:58:44.000Z")
    #expect(c.interactions[1].request.body == [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
    #expect(
      c.interactions[1].response.bodyText
        == "{\"error\":{\"code\":100,\n\"type\":\"OAuthException\"}}")
  }

  @Test(arguments: [
    (
      #"{"log":{"entries":[{"request":{"method":"GET","url":"https://g/"},"response":{"status":200}},{"request":{"method":"GET"},"response":{"status":200}}]}}"#,
      "x.har: HAR: entry 1, request.url: missing"
    ),
    (
      #"{"http_interactions":[{"request":{"method":"get","uri":"https://g/"},"response":{"status":{"code":"OK"}}}]}"#,
      "x.har: Ruby VCR JSON: entry 0, response.status.code: expected a number, found string"
    ),
    (
      #"{"version":1,"interactions":[{"request":{"method":"GET","uri":"nope"},"response":{}}]}"#,
      "x.har: vcrpy JSON: entry 0, request.uri: 'nope' is not an absolute http(s) URL"
    ),
    (
      "interactions:\n- request: 'unterminated\n",
      "x.har: vcrpy YAML: line 2, column 12: unterminated quoted string"
    ),
    (#"{"something":"else"}"#, "x.har: unrecognised format: JSON without"),
    ("just text", "x.har: unrecognised format"),
    ("{\"log\": ", "x.har: HAR: line 1, column 9: not JSON: expected a value"),
  ])
  func unreadableFilesNameTheEntryAndField(text: String, message: String) {
    do {
      _ = try Interchange.importCassette(Array(text.utf8), path: "x.har")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }
}
