import GraphAPI
import Testing

@testable import GraphServer

/// A head from the cache, spliced or not, is byte for byte the head the writer formats.
@Suite struct ResponseHeadCacheTests {
  static func response(trace: String, usage: String = "{\"call_count\":0}", extra: String? = nil)
    -> HTTPResponse
  {
    var headers = HTTPHeaders()
    headers.add("Content-Type", "application/json; charset=UTF-8")
    headers.add("Content-Length", "999")
    headers.add("x-fb-trace-id", trace)
    headers.add("x-app-usage", usage)
    if let extra { headers.add("x-extra", extra) }
    return HTTPResponse(status: 200, headers: headers, body: Array("{\"id\":\"1\"}".utf8))
  }

  static let answers: [HTTPResponse] = [
    response(trace: "AAAAAAAAAAA"),
    response(trace: "BBBBBBBBBBB"),  // same length: spliced
    response(trace: "CCCCCCCCCCC", usage: "{\"call_count\":7}"),  // two values spliced
    response(trace: "DDDDDDDDDD"),  // shorter: formatted anew
    response(trace: "EEEEE\r\nEEEE"),  // a CR LF is sanitized, never spliced in
    response(trace: "FFFFFFFFFFF", extra: "x"),  // another header: formatted anew
    response(trace: "GGGGGGGGGGG"),
    HTTPResponse(status: 200, headers: response(trace: "HHHHHHHHHHH").headers, body: []),
  ]

  @Test func cachedHeadsAreTheWritersHeads() {
    var cache = ResponseHeadCache()
    for keepAlive in [true, false] {
      for minor in [0, 1] {
        for answer in Self.answers + Self.answers {
          let expected = HTTPResponseWriter.head(answer, minorVersion: minor, keepAlive: keepAlive)
          let cached = cache.head(answer, minorVersion: minor, keepAlive: keepAlive)
          #expect(
            cached == expected,
            "\(String(decoding: cached, as: UTF8.self)) / \(String(decoding: expected, as: UTF8.self))"
          )
        }
      }
    }
  }

  @Test func aFramingHeaderDifferingStillHits() {
    var cache = ResponseHeadCache()
    var first = Self.response(trace: "AAAAAAAAAAA")
    _ = cache.head(first, minorVersion: 1, keepAlive: true)
    first.headers["Content-Length"] = "1"
    #expect(
      cache.head(first, minorVersion: 1, keepAlive: true)
        == HTTPResponseWriter.head(first, minorVersion: 1, keepAlive: true))
  }

  @Test func anotherBodyLengthWithAsManyDigitsIsWrittenOver() {
    var cache = ResponseHeadCache()
    let base = Self.response(trace: "AAAAAAAAAAA")
    var answers: [HTTPResponse] = []
    for length in [5, 7, 9, 10, 99, 100, 573, 999, 1000, 0, 12_345] {
      answers.append(
        HTTPResponse(
          status: 200, headers: base.headers, body: Array(repeating: 0x61, count: length)))
    }
    answers.append(HTTPResponse(status: 204, headers: base.headers, body: []))
    answers.append(HTTPResponse(status: 304, headers: base.headers, body: []))
    for answer in answers + answers.reversed() {
      for keepAlive in [true, false] {
        #expect(
          cache.head(answer, minorVersion: 1, keepAlive: keepAlive)
            == HTTPResponseWriter.head(answer, minorVersion: 1, keepAlive: keepAlive))
      }
    }
    #expect(ResponseHeadCache.digits(0) == 1)
    #expect(ResponseHeadCache.digits(999) == 3)
    #expect(ResponseHeadCache.digits(1000) == 4)
  }
}
