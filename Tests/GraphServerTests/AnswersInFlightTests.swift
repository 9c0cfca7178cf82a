import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphServer

/// Answers waiting for slow readers have a budget over all connections (issue 31: answers have
/// a byte budget in flight, and one large answer never stalls other clients).
@Suite(.serialized) struct AnswersInFlightTests {
  /// Answers `/big` with 32 MiB, anything else with a few bytes.
  struct SizedTransport: GraphTransport {
    static let big = [UInt8](repeating: 0x61, count: 32 << 20)
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(
        status: 200, headers: ["Content-Type": "text/plain"],
        body: request.url.contains("/big") ? Self.big : Array("small".utf8))
    }
  }

  /// A client that asks for `/big` and reads nothing: what the socket buffers cannot take of
  /// the 32 MiB waits in the server.
  static func slowReader(port: Int) throws -> RawClient {
    let client = try RawClient(port: port, timeout: 10)
    try client.send("GET /big HTTP/1.1\r\nHost: h\r\n\r\n")
    return client
  }

  /// `GET /small` on a fresh connection: its status and headers, and the time it took.
  static func small(port: Int) throws -> (RawClient.Response, Duration) {
    let clock = ContinuousClock()
    let started = clock.now
    let client = try RawClient(port: port, timeout: 10)
    try client.send("GET /small HTTP/1.1\r\nHost: h\r\n\r\n")
    let response = try client.readResponse()
    return (response, clock.now - started)
  }

  @Test func pastTheBudgetNewRequestsAre503UntilTheReadersRead() async throws {
    var configuration = GraphServer.Configuration()
    configuration.maxAnswerBytesInFlight = 1 << 20
    try await withServer(SizedTransport(), configuration: configuration) { _, port in
      try await onThread {
        let reader = try Self.slowReader(port: port)
        // The 32 MiB answer cannot all go out: more than 1 MiB of it waits.
        var refused: RawClient.Response?
        for _ in 0..<100 where refused == nil {
          let (response, _) = try Self.small(port: port)
          if response.status == 503 {
            refused = response
          } else {
            Thread.sleep(forTimeInterval: 0.02)
          }
        }
        let response = try #require(refused)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.bodyText.contains("bytes of answers that clients have not read yet"))
        // Once the reader has read its answer, the budget is back.
        let big = try reader.readResponse()
        #expect(big.body.count == 32 << 20)
        var answered = false
        for _ in 0..<100 where !answered {
          let (again, _) = try Self.small(port: port)
          answered = again.status == 200
          if !answered { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(answered)
      }
    }
  }

  @Test func aSlowReaderDoesNotStallOthers() async throws {
    try await withServer(SizedTransport()) { _, port in
      try await onThread {
        // Three readers hold 96 MiB of answers between them, within the default budget.
        let readers = try (0..<3).map { _ in try Self.slowReader(port: port) }
        Thread.sleep(forTimeInterval: 0.2)
        var slowest = Duration.zero
        for _ in 0..<20 {
          let (response, took) = try Self.small(port: port)
          #expect(response.status == 200)
          slowest = max(slowest, took)
        }
        print(
          "AnswersInFlightTests: slowest of 20 small requests beside 3 slow readers: \(slowest)")
        // Generous: the machine is shared; a stalled server would take the readers' timeout.
        #expect(slowest < .seconds(2))
        _ = readers
      }
    }
  }
}
