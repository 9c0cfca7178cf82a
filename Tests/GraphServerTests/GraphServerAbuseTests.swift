import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphServer

/// One kind of bad client and what the server should answer it (`nil`: nothing, it is gone).
enum Abuse: CaseIterable {
  case garbage, truncatedThenEnd, truncatedThenReset, oversizedHeaders, tooManyHeaders
  case oversizedBody, oversizedChunk, badChunk, disconnectMidBody, badVersion, longRequestLine

  /// Plays this abuse on a fresh connection; returns the status answered, if any.
  func play(port: Int, random: inout SeededRandomNumberGenerator) throws -> Int? {
    let client = try RawClient(port: port, timeout: 5)
    switch self {
    case .garbage:
      var bytes = (0..<Int.random(in: 1...512, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      bytes[0] = UInt8.random(in: 0x21...0x7E, using: &random)
      try client.send(bytes + Array("\r\n\r\n".utf8))
    case .truncatedThenEnd:
      try client.send("POST /me/feed HTTP/1.1\r\nHost: h\r\nContent-Le")
      client.shutdownWrite()
    case .truncatedThenReset:
      try client.send("GET /me?fields=id HTTP/1.1\r\nHo")
      client.abort()
      return nil
    case .oversizedHeaders:
      try client.send(
        "GET / HTTP/1.1\r\nHost: h\r\nCookie: " + String(repeating: "c", count: 40_000) + "\r\n\r\n"
      )
    case .tooManyHeaders:
      try client.send(
        "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<200).map { "X-\($0): 1\r\n" }.joined() + "\r\n")
    case .oversizedBody:
      try client.send("POST /me/photos HTTP/1.1\r\nHost: h\r\nContent-Length: 100000000\r\n\r\n")
    case .oversizedChunk:
      try client.send(
        "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFF\r\n")
    case .badChunk:
      try client.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef")
    case .disconnectMidBody:
      try client.send("POST /me/feed HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\nmessage=hi")
      client.abort()
      return nil
    case .badVersion:
      try client.send("GET / HTTP/3.0\r\nHost: h\r\n\r\n")
    case .longRequestLine:
      try client.send("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n")
    }
    let reply = String(decoding: client.readToEnd(), as: UTF8.self)
    return reply.hasPrefix("HTTP/1.1 ") ? Int(reply.dropFirst(9).prefix(3)) : -1
  }

  var expectedStatus: Set<Int?> {
    switch self {
    case .garbage, .truncatedThenEnd, .badChunk: [400]
    case .truncatedThenReset, .disconnectMidBody: [nil]
    case .oversizedHeaders, .tooManyHeaders: [431]
    case .oversizedBody, .oversizedChunk: [413]
    case .badVersion: [505]
    case .longRequestLine: [414]
    }
  }
}

@Suite struct GraphServerAbuseTests {
  /// 1,000 bad clients (garbage, truncated requests, oversized headers and bodies, clients
  /// that vanish mid-body, clients that trickle), then a normal request is still answered,
  /// while the tricklers are still connected.
  @Test func serverSurvivesAThousandMalformedRequests() async throws {
    let configuration = GraphServer.Configuration(
      idleTimeout: .seconds(5), requestTimeout: .milliseconds(1500))
    try await withServer(configuration: configuration) { _, port in
      // 20 tricklers: one byte every 50 ms for 2 s, never finishing within the request timeout.
      let tricklers = (0..<20).map { _ in
        Thread.detachNewThreadResult {
          let client = try RawClient(port: port, timeout: 5)
          var answered: Int?
          for byte in Array("GET /slow HTTP/1.1\r\nHost: h\r\nX-Slow: ".utf8)
            + Array(repeating: 120, count: 10)
          {
            guard (try? client.send([byte])) != nil else { break }
            Thread.sleep(forTimeInterval: 0.05)
          }
          let reply = String(decoding: client.readToEnd(), as: UTF8.self)
          answered = reply.hasPrefix("HTTP/1.1 ") ? Int(reply.dropFirst(9).prefix(3)) : nil
          return answered
        }
      }
      // 980 other bad clients on 7 threads.
      let results = try await withThrowingTaskGroup(of: [(Abuse, Int?)].self) { group in
        for worker in 0..<7 {
          group.addTask {
            try await onThread {
              var random = SeededRandomNumberGenerator(seed: UInt64(worker))
              var seen: [(Abuse, Int?)] = []
              for i in 0..<140 {
                let abuse = Abuse.allCases[(i + worker) % Abuse.allCases.count]
                seen.append((abuse, try abuse.play(port: port, random: &random)))
              }
              return seen
            }
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(results.count == 980)
      for (abuse, status) in results where !abuse.expectedStatus.contains(status) {
        Issue.record("\(abuse) was answered \(status.map(String.init) ?? "nothing")")
      }
      // A normal request is answered while the tricklers are still connected.
      let response = try await onThread {
        let client = try RawClient(port: port, timeout: 2)
        try client.send("GET /me HTTP/1.1\r\nHost: h\r\n\r\n")
        return try client.readResponse()
      }
      #expect(response.status == 200)
      for trickler in tricklers {
        #expect(try await trickler.value == 408)
      }
    }
  }
}

extension Thread {
  /// Runs `body` on a new thread; its result is awaited through the returned task.
  static func detachNewThreadResult<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T
  ) -> Task<T, any Error> {
    Task { try await onThread(body) }
  }
}
