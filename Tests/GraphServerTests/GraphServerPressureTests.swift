import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphServer

/// Hostile peers that hold memory or connection slots: the body budget and the connection cap.
@Suite(.serialized) struct GraphServerPressureTests {
  /// 100 connections each declaring a 32 MiB - 1 body: past the 128 MiB budget they are
  /// answered 503 with Retry-After instead of being held (they took serve to 3.3 GB).
  @Test func bodiesInFlightHaveABudget() async throws {
    try await withServer { _, port in
      try await onThread {
        let declared = 32 * 1024 * 1024 - 1
        let part = String(repeating: "x", count: 64 * 1024)
        var clients: [RawClient] = []
        for i in 0..<100 {
          let client = try RawClient(port: port, timeout: 10)
          try client.send(
            "POST /upload/\(i) HTTP/1.1\r\nHost: h\r\nContent-Length: \(declared)\r\n\r\n" + part)
          clients.append(client)
        }
        var refused = 0
        var held = 0
        for client in clients {
          // A held connection has no answer yet: its read times out quickly below.
          client.setReceiveTimeout(0.3)
          if let response = try? client.readResponse() {
            #expect(response.status == 503)
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.bodyText.contains("bytes of request bodies"))
            refused += 1
          } else {
            held += 1
          }
        }
        let budget = GraphServer.Configuration().maxBodyBytesInFlight
        #expect(held == budget / declared)
        #expect(refused == 100 - held)
        clients = []
        // The budget comes back when the connections go.
        var answered = false
        for _ in 0..<50 where !answered {
          let client = try RawClient(port: port)
          try client.send("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5000000\r\n\r\n")
          try client.send(String(repeating: "y", count: 5_000_000))
          let response = try client.readResponse()
          if response.status == 200 {
            #expect(response.body.count == 5_000_000)
            answered = true
          } else {
            Thread.sleep(forTimeInterval: 0.05)
          }
        }
        #expect(answered)
      }
    }
  }

  /// A chunked body counts as it arrives.
  @Test func chunkedBodiesCountAsTheyArrive() async throws {
    var configuration = GraphServer.Configuration()
    configuration.maxBodyBytesInFlight = 1024 * 1024
    try await withServer(configuration: configuration) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "40000\r\n" + String(repeating: "z", count: 0x40000) + "\r\n"
        var status: Int?
        for _ in 0..<8 where status == nil {
          try? client.send(chunk)
          client.setReceiveTimeout(0.2)
          status = (try? client.readResponse())?.status
        }
        #expect(status == 503)
      }
    }
  }

  /// 1,100 idle and slowloris connections fill the 1,024-connection cap; a fresh client is
  /// still answered (it waited for the 30 s timeouts).
  @Test(arguments: [false, true])
  func aFreshClientIsAnsweredAtTheCap(slowlorisOnly: Bool) async throws {
    try await withServer { _, port in
      try await onThread {
        var hostile: [RawClient] = []
        for i in 0..<1_100 {
          let client = try RawClient(port: port, timeout: 10)
          if slowlorisOnly || i % 2 == 0 {
            try client.send("GET /slow HTTP/1.1\r\nHost: h\r\nX-A: ")
          }
          hostile.append(client)
        }
        // Let the server accept what fits.
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        let fresh = try RawClient(port: port, timeout: 10)
        try fresh.send("GET /fresh HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try fresh.readResponse()
        let elapsed = Date().timeIntervalSince(started)
        #expect(response.status == 200)
        #expect(response.headers["X-Echo-URL"] == "http://h/fresh")
        // Under 1 s on a quiet machine (docs/reliability.md); the bound here only catches
        // the old behaviour (waiting for the 30 s timeouts) on a loaded one.
        #expect(elapsed < 8, "answered after \(elapsed) s")
        withExtendedLifetime(hostile) {}
      }
    }
  }
}
