import GraphServer
import Testing

@testable import ExplorerCLI

@Suite struct ServeLogTests {
  @Test(arguments: [
    ("/me?access_token=EAAB123", "/me?access_token=***"),
    ("/me?fields=id&access_token=EAAB123&x=1", "/me?fields=id&access_token=***&x=1"),
    ("/me?access%5Ftoken=EAAB123", "/me?access%5Ftoken=***"),
    (
      "/debug_token?input_token=abc&access_token=app|secret",
      "/debug_token?input_token=***&access_token=***"
    ),
    ("/me?appsecret_proof=ff00&fields=name", "/me?appsecret_proof=***&fields=name"),
    ("/me?access_token=", "/me?access_token="),
    ("/me?fields=id,name{first}", "/me?fields=id,name{first}"),
    (
      "the line 'GET /me?access_token=EAAB HTTP/1.1' is bad",
      "the line 'GET /me?access_token=*** HTTP/1.1' is bad"
    ),
  ])
  func masksSecrets(input: String, expected: String) {
    #expect(ServeLog.mask(input) == expected)
  }

  @Test func requestLine() {
    let entry = GraphServer.AccessLogEntry(
      method: "GET", target: "/v2.0/me?access_token=EAAB", status: 200, requestBytes: 0,
      responseBytes: 42, duration: .microseconds(1250))
    #expect(
      ServeLog.line(entry) == "graph-explorer: GET /v2.0/me?access_token=*** 200 (42 bytes, 1.2 ms)"
    )
  }

  @Test func refusedRequestLine() {
    let entry = GraphServer.AccessLogEntry(
      method: nil, target: nil, status: 431, requestBytes: 0, responseBytes: 10, duration: .zero,
      error: "the header section is larger than 32768 bytes")
    #expect(
      ServeLog.line(entry)
        == "graph-explorer: - 431 [the header section is larger than 32768 bytes]")
  }
}
