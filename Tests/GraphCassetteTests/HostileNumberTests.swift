import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Numbers in a cassette that no duration can hold used to trap ("Double value cannot be
/// converted to Int64", SIGILL) in verify, import and `serve --replay`: each is now a
/// one-line error naming the file, the interaction and the field.
@Suite struct HostileNumberTests {
  static func native(durationMS: String) -> [UInt8] {
    Array(
      """
      {"graph_explorer_cassette": 1, "interactions": [{
        "request": {"method": "GET", "url": "https://graph.facebook.com/me", "headers": {}},
        "response": {"status": 200, "headers": {}, "body": {"json": {}}},
        "duration_ms": \(durationMS)}]}
      """.utf8)
  }

  static func har(time: String) -> [UInt8] {
    Array(
      """
      {"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": [{
        "startedDateTime": "2026-01-01T00:00:00Z", "time": \(time),
        "request": {"method": "GET", "url": "https://graph.facebook.com/me", "httpVersion": "HTTP/1.1",
          "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
        "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [],
          "cookies": [], "content": {"size": 2, "mimeType": "application/json", "text": "{}"},
          "redirectURL": "", "headersSize": -1, "bodySize": 2},
        "cache": {}, "timings": {"send": 0, "wait": 0, "receive": 0}}]}}
      """.utf8)
  }

  @Test(arguments: ["1e16", "9223372036854775807", "1e400", "-1", "31536000001"])
  func nativeDurationsOutOfRangeAreOneLineErrors(value: String) {
    #expect {
      try Cassette(bytes: Self.native(durationMS: value), path: "big.json")
    } throws: { error in
      let text = (error as? CassetteError)?.description ?? ""
      return text.hasPrefix("big.json: interaction 1, duration_ms: \(value) is not a duration")
        && !text.contains("\n")
    }
  }

  @Test(arguments: ["1e16", "9223372036854775807", "1e400"])
  func harTimesOutOfRangeAreOneLineErrors(value: String) {
    #expect {
      try Interchange.importCassette(Self.har(time: value), path: "big.har")
    } throws: { error in
      let text = (error as? CassetteError)?.description ?? ""
      return text.hasPrefix("big.har: HAR: entry 0, time: \(value) is not a duration")
    }
  }

  @Test func durationsInRangeStillLoad() throws {
    let cassette = try Cassette(bytes: Self.native(durationMS: "31536000000"), path: "a.json")
    #expect(cassette.interactions[0].response.duration == .seconds(31_536_000))
    let har = try Interchange.importCassette(Self.har(time: "-1"), path: "a.har").cassette
    #expect(har.interactions[0].response.duration == .zero)
    let timed = try Interchange.importCassette(Self.har(time: "12.5"), path: "a.har").cassette
    #expect(timed.interactions[0].response.duration == .microseconds(12_500))
  }
}
