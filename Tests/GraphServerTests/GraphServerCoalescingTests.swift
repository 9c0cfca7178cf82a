import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphServer

/// Answers at once on the I/O thread with a body of the size the path asks for
/// (`/size/N`), filled with a pattern that says which request it answers.
struct SizedImmediateTransport: ImmediateGraphTransport {
  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse {
    let size = Int(request.url.split(separator: "/").last ?? "") ?? 0
    let seed = UInt8(truncatingIfNeeded: size)
    let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "application/octet-stream", "X-Size": String(size)],
      body: body)
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse { try answerNow(request) }

  static func expected(_ size: Int) -> [UInt8] {
    let seed = UInt8(truncatingIfNeeded: size)
    return (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
  }
}

/// Pipelined requests answered at once are written together; what the socket does not take
/// waits, and the last answers go out before the server closes a half-closed connection.
@Suite struct GraphServerCoalescingTests {
  /// Sizes around the inline limit (16 KiB), the coalescing limit (64 KiB) and the turn (16).
  static let sizes = [0, 1, 173, 16 * 1024, 16 * 1024 + 1, 200_000, 49, 70_000] + Array(1...20)

  @Test func pipelinedImmediateAnswersComeBackWholeAndInOrder() async throws {
    try await withServer(SizedImmediateTransport()) { _, port in
      try await onThread {
        let client = try RawClient(port: port, timeout: 10)
        let batch = Self.sizes.map { "GET /size/\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        try client.send(batch)
        for size in Self.sizes {
          let response = try client.readResponse()
          #expect(response.headers["X-Size"] == String(size))
          #expect(response.body == SizedImmediateTransport.expected(size))
        }
      }
    }
  }

  @Test func aHalfClosedClientGetsEveryQueuedAnswer() async throws {
    try await withServer(SizedImmediateTransport()) { _, port in
      try await onThread {
        let client = try RawClient(port: port, timeout: 10)
        let batch = Self.sizes.map { "GET /size/\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        try client.send(batch)
        client.shutdownWrite()
        // Read late, so that the server's writes block first.
        Thread.sleep(forTimeInterval: 0.2)
        for size in Self.sizes {
          let response = try client.readResponse()
          #expect(response.body == SizedImmediateTransport.expected(size))
        }
        #expect(client.readToEnd().isEmpty)
      }
    }
  }
}
