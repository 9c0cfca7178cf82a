import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 12 §3: more recorders. ExVCR JSON (Elixir, exfacebook's tests), Betamax (Python; Ruby
/// VCR's JSON layout), Polly.JS (HAR with its own fields) and WireMock mappings import into
/// usable cassettes, with their secrets redacted.
@Suite struct RecorderFormatTests {
  static let token = "EAAGrecorderFormat0123456789abcdefghij"

  @Test func exVCRWithTextAndAnErlangBinaryBody() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
    let term = Data([131, 109, 0, 0, 0, UInt8(png.count)] + png).base64EncodedString()
    let text = """
      [
        {"request": {"body": "", "headers": [], "method": "get", "options": [], "request_body": "",
          "url": "https://graph.facebook.com/v2.8/me?fields=id&access_token=\(Self.token)"},
         "response": {"binary": false, "body": "{\\"id\\":\\"1\\"}",
          "headers": {"Content-Type": "application/json; charset=UTF-8"}, "status_code": 200, "type": "ok"}},
        {"request": {"body": "", "headers": {"Accept": "*/*"}, "method": "get", "options": [],
          "request_body": "", "url": "https://graph.facebook.com/v2.8/1/picture"},
         "response": {"binary": true, "body": "\(term)",
          "headers": [["Content-Type", "image/png"]], "status_code": 200, "type": "ok"}}
      ]
      """
    let imported = try Interchange.importWithNotes(Array(text.utf8), path: "exvcr.json")
    #expect(imported.format == .exvcr)
    let c = imported.cassette
    #expect(c.interactions.count == 2)
    #expect(c.interactions[0].request.url.hasSuffix("access_token=<ACCESS_TOKEN_1>"))
    #expect(c.interactions[0].response.bodyText == #"{"id":"1"}"#)
    #expect(c.interactions[1].response.body == png)
    #expect(c.interactions[1].request.headers["Accept"] == "*/*")
    // Our export reads back the same.
    let back = try Interchange.read(Interchange.export(c, as: .exvcr), path: "x").cassette
    #expect(back.interactions.map(\.response.body) == c.interactions.map(\.response.body))
  }

  @Test func betamaxReadsAsRubyVCRJSON() throws {
    let text = """
      {"http_interactions": [{"request": {"body": {"encoding": "utf-8", "string": ""},
        "headers": {"User-Agent": ["python-requests/2.31"]}, "method": "GET",
        "uri": "https://graph.facebook.com/v2.8/me?access_token=\(Self.token)"},
       "response": {"body": {"encoding": "UTF-8", "string": "{\\"id\\":\\"1\\"}"},
        "headers": {"Content-Type": ["application/json"]}, "status": {"code": 200, "message": "OK"},
        "url": "https://graph.facebook.com/v2.8/me?access_token=\(Self.token)"},
       "recorded_at": "2026-11-30T07:40:00"}], "recorded_with": "betamax/0.8.1"}
      """
    let (c, format) = try Interchange.importCassette(Array(text.utf8), path: "betamax.json")
    #expect(format == .vcr)
    #expect(c.recordedWith == "betamax/0.8.1")
    #expect(c.interactions[0].response.status == 200)
    #expect(!String(decoding: c.encoded(), as: UTF8.self).contains(Self.token))
  }

  @Test func pollyHARKeepsItsEntries() throws {
    let text = """
      {"log": {"_recordingName": "graph/me", "creator": {"comment": "persister:fs", "name": "Polly.JS", "version": "6.0.6"},
       "entries": [{"_id": "3f2a", "_order": 0, "cache": {}, "request": {"bodySize": 0, "cookies": [],
         "headers": [], "headersSize": 120, "httpVersion": "HTTP/1.1", "method": "GET",
         "queryString": [{"name": "access_token", "value": "\(Self.token)"}],
         "url": "https://graph.facebook.com/v2.8/me?access_token=\(Self.token)"},
        "response": {"bodySize": 10, "content": {"mimeType": "application/json", "size": 10, "text": "{\\"id\\":\\"1\\"}"},
         "cookies": [], "headers": [{"name": "content-type", "value": "application/json"}],
         "headersSize": 60, "httpVersion": "HTTP/1.1", "redirectURL": "", "status": 200, "statusText": "OK"},
        "startedDateTime": "2026-11-30T07:40:00.123Z", "time": 12, "timings": {"blocked": -1}}],
       "pages": [], "version": "1.2"}}
      """
    let (c, format) = try Interchange.importCassette(Array(text.utf8), path: "polly.har")
    #expect(format == .har)
    #expect(c.recordedWith == "Polly.JS 6.0.6")
    #expect(c.interactions[0].response.bodyText == #"{"id":"1"}"#)
    #expect(!String(decoding: c.encoded(), as: UTF8.self).contains(Self.token))
  }

  @Test func wireMockMappingsWithEveryBodyKind() throws {
    let text = """
      {"mappings": [
        {"request": {"method": "GET", "url": "/v2.8/me?fields=id"},
         "response": {"status": 200, "jsonBody": {"id": "1"}, "headers": {"Content-Type": "application/json"}}},
        {"request": {"method": "GET", "urlPath": "/v2.8/me/feed",
          "queryParameters": {"access_token": {"equalTo": "\(Self.token)"}}},
         "response": {"status": 400, "body": "{\\"error\\":{\\"code\\":190}}"}},
        {"request": {"method": "GET", "urlPath": "/v2.8/1/picture"},
         "response": {"base64Body": "iVBORw==", "headers": {"Content-Type": "image/png"}}},
        {"request": {"method": "ANY", "urlPattern": "/v2.8/.*"}, "response": {"status": 404}}
      ]}
      """
    let imported = try Interchange.importWithNotes(Array(text.utf8), path: "mappings.json")
    #expect(imported.format == .wiremock)
    let c = imported.cassette
    #expect(c.interactions.count == 3)
    #expect(c.interactions[0].request.url == "https://graph.facebook.com/v2.8/me?fields=id")
    #expect(c.interactions[0].response.bodyText == #"{"id":"1"}"#)
    #expect(c.interactions[1].request.url.hasSuffix("/v2.8/me/feed?access_token=<ACCESS_TOKEN_1>"))
    #expect(c.interactions[1].response.status == 400)
    #expect(c.interactions[2].response.status == 200)
    #expect(c.interactions[2].response.body == [0x89, 0x50, 0x4E, 0x47])
    #expect(imported.notes == ["mapping 4 matches by urlPattern, not one URL; left out"])
  }
}
