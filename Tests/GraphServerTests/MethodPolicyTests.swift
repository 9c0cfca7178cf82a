import Foundation
import GraphAPI
import GraphEmulator
import GraphTestSupport
import Testing

@testable import GraphServer

/// Issue 12 §5: `HEAD` is answered as `GET` without a body (it used to reach the emulator
/// and get 400); `OPTIONS` gets the allowed methods.
@Suite struct MethodPolicyTests {
  static let me = "/v2.8/me?fields=id,name&access_token=CAAEmuAlice"

  @Test func headIsAnsweredAsGetWithoutABody() async throws {
    try await withServer(GraphEmulator()) { _, port in
      try await onThread {
        let get = try RawClient(port: port)
        try get.send("GET \(Self.me) HTTP/1.1\r\nHost: h\r\n\r\n")
        let answer = try get.readResponse()
        #expect(answer.status == 200)
        #expect(answer.bodyText.contains("Alice"))

        let client = try RawClient(port: port)
        try client.send(
          "HEAD \(Self.me) HTTP/1.1\r\nHost: h\r\n\r\n"
            + "GET /v2.8/me?fields=id&access_token=CAAEmuAlice HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"
        )
        let text = String(decoding: client.readToEnd(), as: UTF8.self)
        let answers = text.components(separatedBy: "\r\n\r\n")
        let head = answers[0].components(separatedBy: "\r\n")
        #expect(head.first == "HTTP/1.1 200 OK", "\(head)")
        #expect(head.contains("Content-Length: \(answer.body.count)"), "\(head)")
        // Nothing between the HEAD answer's headers and the next status line.
        #expect(answers.count >= 2 && answers[1].hasPrefix("HTTP/1.1 200 OK"), "\(text)")
        #expect(!text.contains("Alice"))
      }
    }
  }

  @Test func optionsListsTheMethodsAndAnswersAPreflight() async throws {
    try await withServer(GraphEmulator()) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("OPTIONS /v2.8/me HTTP/1.1\r\nHost: h\r\n\r\n")
        let plain = try client.readResponse()
        #expect(plain.status == 204)
        #expect(plain.headers["Allow"] == "GET, HEAD, POST, DELETE, OPTIONS")
        #expect(plain.headers["Access-Control-Allow-Origin"] == nil)
        try client.send(
          "OPTIONS /v2.8/me/feed HTTP/1.1\r\nHost: h\r\nOrigin: http://localhost:3000\r\n"
            + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n"
        )
        let preflight = try client.readResponse()
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "*")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == MethodPolicy.allowed)
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "content-type")
        // The connection is still good.
        try client.send("GET \(Self.me) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().status == 200)
      }
    }
  }
}
