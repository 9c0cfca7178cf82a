import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphServer

/// Starts a server on port 0 for `body`, and stops it afterwards.
func withServer(
  _ transport: any GraphTransport = EchoTransport(),
  configuration: GraphServer.Configuration = GraphServer.Configuration(),
  _ body: @Sendable (GraphServer, Int) async throws -> Void
) async throws {
  let server = GraphServer(transport: transport, configuration: configuration)
  let port = try server.start()
  do {
    try await body(server, port)
  } catch {
    try await onThread { server.stop() }
    throw error
  }
  try await onThread { server.stop() }
}

@Suite struct GraphServerTests {
  @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        for path in ["/me", "/v2.0/me?fields=id,name{first}", "/4?access_token=x"] {
          try client.send("GET \(path) HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
          let response = try client.readResponse()
          #expect(response.status == 200)
          #expect(response.headers["X-Echo-URL"] == "http://localhost:\(port)\(path)")
          #expect(response.headers["Connection"] == nil)
        }
      }
    }
  }

  @Test func transportHeadersAreKeptAndFramingIsTheServers() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc")
        let response = try client.readResponse()
        #expect(response.body == Array("abc".utf8))
        #expect(response.headers.values(for: "Content-Length") == ["3"])
        #expect(response.headers["Transfer-Encoding"] == nil)
        #expect(response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(response.headers["X-Echo-Method"] == "POST")
        #expect(response.headers["Connection"] == nil)
      }
    }
  }

  @Test func chunkedRequestBodyIsDecoded() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send(
          "POST /me/feed HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "8\r\nmessage=\r\n5;x=y\r\nhello\r\n0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.bodyText == "message=hello")
      }
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
    try await withServer(EchoTransport(delay: .milliseconds(5))) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        var batch = ""
        for i in 1...10 {
          batch +=
            "POST /\(i) HTTP/1.1\r\nHost: h\r\nContent-Length: \(String(i).count)\r\n\r\n\(i)"
        }
        try client.send(batch)
        for i in 1...10 {
          let response = try client.readResponse()
          #expect(response.headers["X-Echo-URL"] == "http://h/\(i)")
          #expect(response.bodyText == "\(i)")
        }
      }
    }
  }

  @Test func multipartBodyPassesThroughIntact() async throws {
    let boundary = "----graph-explorer-7Ma4YWxkTrZu0gW"
    var body = Array(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\n".utf8)
    body += Array("caf\u{E9} \u{1F600}\r\n--\(boundary)\r\n".utf8)
    body += Array(
      "Content-Disposition: form-data; name=\"source\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n"
        .utf8)
    body += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) } + Array(0...255)
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    let payload = body
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send(
          "POST /me/photos HTTP/1.1\r\nHost: h\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
            + "Content-Length: \(payload.count)\r\n\r\n")
        try client.send(payload)
        let response = try client.readResponse()
        #expect(response.body == payload)
        #expect(
          response.headers["X-Echo-Content-Type"] == "multipart/form-data; boundary=\(boundary)")
      }
    }
  }

  @Test func expectContinueGetsAnInterimAnswer() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send(
          "PUT /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("data")
        #expect(try client.readResponse().bodyText == "data")
      }
    }
  }

  @Test func headAnswersWithoutABody() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("HEAD /x HTTP/1.1\r\nHost: h\r\n\r\nGET /y HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try client.readResponse()
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == "0")
        #expect(try client.readResponse().headers["X-Echo-URL"] == "http://h/y")
      }
    }
  }

  @Test func http10ClosesAfterTheAnswer() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("GET /x HTTP/1.0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.headers["X-Echo-URL"] == "http://127.0.0.1:\(port)/x")
        #expect(response.headers["Connection"] == "close")
        #expect(client.isClosedByServer())
      }
    }
  }

  @Test func transportErrorBecomesA502GraphError() async throws {
    try await withServer(FailingTransport()) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("GET /me HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 502)
        let json = try JSONParser.parse(response.body)
        #expect(json["error"]?["type"]?.stringValue == "GraphServerException")
        #expect(
          json["error"]?["message"]?.stringValue
            == "the transport gave no answer: no recorded exchange matches GET /me")
        #expect(response.headers["Content-Type"] == "application/json; charset=UTF-8")
      }
    }
  }

  @Test func malformedRequestIsAnsweredThenClosed() async throws {
    try await withServer { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("GET /x HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.headers["Connection"] == "close")
        #expect(response.bodyText.contains("Bad Header"))
        #expect(client.isClosedByServer())
      }
    }
  }

  @Test func accessLogGetsOneEntryPerRequest() async throws {
    let log = AccessLogEntries()
    let configuration = GraphServer.Configuration(accessLog: { entry in
      log.entries.withLock { $0.append(entry) }
    })
    try await withServer(configuration: configuration) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send(
          "POST /me/feed?access_token=t HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi")
        _ = try client.readResponse()
        let other = try RawClient(port: port)
        try other.send("NOPE\r\n\r\n")
        _ = try other.readResponse()
      }
    }
    let logged = log.entries.withLock { $0 }
    #expect(logged.map(\.status) == [200, 400])
    #expect(logged.first?.method == "POST")
    #expect(logged.first?.target == "/me/feed?access_token=t")
    #expect(logged.first?.requestBytes == 2)
    #expect(logged.last?.error?.contains("NOPE") == true)
  }

  @Test func aSlowAnswerDoesNotHoldOtherConnections() async throws {
    try await withServer(EchoTransport(slowDelay: .seconds(2))) { _, port in
      try await onThread {
        let slow = try RawClient(port: port, timeout: 5)
        try slow.send("GET /slow HTTP/1.1\r\nHost: h\r\n\r\n")
        // The fast client's read times out long before the slow answer is ready.
        let fast = try RawClient(port: port, timeout: 1)
        try fast.send("GET /fast HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try fast.readResponse().headers["X-Echo-URL"] == "http://h/fast")
        #expect(try slow.readResponse().headers["X-Echo-URL"] == "http://h/slow")
      }
    }
  }

  @Test(arguments: [1, 3])
  func manyConcurrentClientsAcrossIOThreads(ioThreads: Int) async throws {
    let configuration = GraphServer.Configuration(ioThreads: ioThreads)
    try await withServer(EchoTransport(delay: .milliseconds(2)), configuration: configuration) {
      _, port in
      let answered = try await withThrowingTaskGroup(of: Int.self) { group in
        for client in 0..<24 {
          group.addTask {
            try await onThread {
              let connection = try RawClient(port: port)
              var count = 0
              for request in 0..<20 {
                let body = "\(client)-\(request)"
                try connection.send(
                  "POST /c HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                )
                if try connection.readResponse().bodyText == body { count += 1 }
              }
              return count
            }
          }
        }
        return try await group.reduce(0, +)
      }
      #expect(answered == 24 * 20)
    }
  }

  @Test func connectionsPastTheCapWaitWhileTheOthersAreBusy() async throws {
    let configuration = GraphServer.Configuration(maxConnections: 2)
    try await withServer(EchoTransport(slowDelay: .seconds(1)), configuration: configuration) {
      _, port in
      try await onThread {
        let first = try RawClient(port: port)
        let second = try RawClient(port: port)
        try first.send("GET /slow/1 HTTP/1.1\r\nHost: h\r\n\r\n")
        try second.send("GET /slow/2 HTTP/1.1\r\nHost: h\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        // The third connection is accepted by the kernel but not served while both are busy.
        let third = try RawClient(port: port, timeout: 0.3)
        try third.send("GET /3 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(throws: RawClient.Failure.self) { _ = try third.readResponse() }
        #expect(try first.readResponse().status == 200)
        #expect(try second.readResponse().status == 200)
        // Once they are idle, the longest-idle one gives its slot to the waiting client.
        third.setReceiveTimeout(3)
        #expect(try third.readResponse().headers["X-Echo-URL"] == "http://h/3")
      }
    }
  }

  @Test func stopLetsInFlightRequestsFinish() async throws {
    let server = GraphServer(transport: EchoTransport(delay: .milliseconds(300)))
    let port = try server.start()
    let response = try await onThread { () throws -> RawClient.Response in
      let client = try RawClient(port: port)
      try client.send("POST /slow HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nslow")
      Thread.sleep(forTimeInterval: 0.05)
      let stopper = Thread { server.stop() }
      stopper.start()
      return try client.readResponse()
    }
    #expect(response.status == 200)
    #expect(response.bodyText == "slow")
    #expect(response.headers["Connection"] == "close")
    try await onThread { server.stop() }
    #expect(throws: RawClient.Failure.self) { _ = try RawClient(port: port, timeout: 1) }
  }

  @Test func stalledClientIsAnswered408() async throws {
    let configuration = GraphServer.Configuration(requestTimeout: .milliseconds(200))
    try await withServer(configuration: configuration) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        try client.send("GET /x HTTP/1.1\r\nHost: h\r\n")
        #expect(try client.readResponse().status == 408)
        #expect(client.isClosedByServer())
      }
    }
  }

  @Test func idleKeepAliveConnectionIsClosed() async throws {
    let configuration = GraphServer.Configuration(idleTimeout: .milliseconds(100))
    try await withServer(configuration: configuration) { _, port in
      try await onThread {
        let client = try RawClient(port: port)
        #expect(client.isClosedByServer())
      }
    }
  }

  @Test func portZeroPicksAFreePortAndATakenPortFails() async throws {
    try await withServer { server, port in
      #expect(port > 0)
      #expect(server.url == "http://127.0.0.1:\(port)")
      let second = GraphServer(
        transport: EchoTransport(), configuration: GraphServer.Configuration(port: port))
      #expect(throws: GraphServerError.self) { try second.start() }
      #expect(throws: GraphServerError.alreadyStarted) { try server.start() }
    }
  }

  @Test func unknownHostIsAClearError() {
    let server = GraphServer(
      transport: EchoTransport(),
      configuration: GraphServer.Configuration(host: "no.such.host.invalid"))
    #expect {
      try server.start()
    } throws: { error in
      guard case .unresolvableHost(let host, _) = error as? GraphServerError else { return false }
      return host == "no.such.host.invalid"
    }
  }
}

/// The access log's entries, shared with the server's I/O threads.
private final class AccessLogEntries: Sendable {
  let entries = Locked<[GraphServer.AccessLogEntry]>([])
}
