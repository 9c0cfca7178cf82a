import GraphAPI
import Testing

@testable import GraphServer

@Suite struct HTTPResponseWriterTests {
  private func text(
    _ response: HTTPResponse, method: String = "GET", minor: Int = 1, keepAlive: Bool = true
  ) -> String {
    String(
      decoding: HTTPResponseWriter.bytes(
        response, method: method, minorVersion: minor, keepAlive: keepAlive),
      as: UTF8.self)
  }

  @Test func keepsTheTransportsHeadersAndSetsTheFraming() {
    let response = HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": "application/json", "Content-Length": "99", "Transfer-Encoding": "chunked",
        "Connection": "upgrade", "Keep-Alive": "timeout=5", "X-FB-Debug": "abc",
      ],
      body: Array("{}".utf8))
    #expect(
      text(response)
        == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-FB-Debug: abc\r\n"
        + "Content-Length: 2\r\n\r\n{}")
  }

  @Test(arguments: [
    (1, true, ""), (1, false, "Connection: close\r\n"), (0, true, "Connection: keep-alive\r\n"),
    (0, false, "Connection: close\r\n"),
  ])
  func connectionHeader(minor: Int, keepAlive: Bool, expected: String) {
    let response = HTTPResponse(status: 404, body: [])
    #expect(
      text(response, minor: minor, keepAlive: keepAlive)
        == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n" + expected + "\r\n")
  }

  @Test func headGetsTheLengthButNoBody() {
    let response = HTTPResponse(status: 200, body: Array("hello".utf8))
    #expect(text(response, method: "HEAD") == "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n")
  }

  @Test(arguments: [204, 304])
  func statusesWithoutBody(status: Int) {
    let response = HTTPResponse(status: status, body: Array("ignored".utf8))
    #expect(!text(response).contains("Content-Length"))
    #expect(text(response).hasSuffix("\r\n\r\n"))
  }

  @Test func headerValuesCannotSplitTheAnswer() {
    let response = HTTPResponse(status: 200, headers: ["X-Evil": "a\r\nSet-Cookie: b"], body: [])
    #expect(text(response).contains("X-Evil: a Set-Cookie: b\r\n"))
  }

  @Test func unknownStatusGetsAGenericReason() {
    #expect(text(HTTPResponse(status: 299)).hasPrefix("HTTP/1.1 299 Status\r\n"))
  }

  @Test func errorResponseIsGraphShaped() throws {
    let response = HTTPResponseWriter.errorResponse(status: 431, message: "too \"big\"")
    #expect(
      response.bodyText
        == #"{"error":{"message":"too \"big\"","type":"GraphServerException","code":1}}"#)
    #expect(response.headers["Content-Type"] == "application/json; charset=UTF-8")
  }
}
