import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphLive

@Suite struct CurlTransportTests {
  @Test func successReturnsStatusHeadersBodyAndDuration() async throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"4","name":"Mark"}"#)
    defer { stub.stop() }
    let request = GraphRequest(
      .get, "v2.2/me", parameters: ["fields": "id,name{first}"], accessToken: "T"
    ).httpRequest(baseURL: stub.baseURL)
    let response = try await CurlTransport(timeout: .seconds(10)).send(request)
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json; charset=UTF-8")
    #expect(response.bodyText == #"{"id":"4","name":"Mark"}"#)
    #expect(response.duration > .zero)
    let seen = try #require(stub.requests.first)
    #expect(seen.method == "GET")
    // Foundation's URL writes braces as %7B/%7D; Graph reads both forms alike.
    #expect(seen.url == "/v2.2/me?fields=id,name%7Bfirst%7D&access_token=T")
    #expect(try GraphRequest(parsing: seen).parameters == ["fields": "id,name{first}"])
    #expect(seen.headers["User-Agent"] == "graph-explorer")
  }

  @Test func postFormBodyArrivesIntact() async throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"1_2"}"#)
    defer { stub.stop() }
    let sent = GraphRequest(
      .post, "me/feed", parameters: ["message": "héllo & bye"], accessToken: "T")
    _ = try await CurlTransport().send(sent.httpRequest(baseURL: stub.baseURL))
    let seen = try #require(stub.requests.first)
    let parsed = try GraphRequest(parsing: seen)
    #expect(parsed.method == .post)
    #expect(parsed.parameters == ["message": "héllo & bye"])
    #expect(parsed.accessToken == "T")
  }

  @Test func redirectsAreReturnedNotFollowed() async throws {
    let stub = try LoopbackHTTPStub { _ in
      .response(status: 302, headers: [("Location", "https://scontent.example/p.jpg")])
    }
    defer { stub.stop() }
    let response = try await CurlTransport().send(
      HTTPRequest(url: stub.baseURL + "/4/picture"))
    #expect(response.status == 302)
    #expect(response.headers["Location"] == "https://scontent.example/p.jpg")
    #expect(stub.requests.count == 1)
  }

  @Test func gzipIsDecoded() async throws {
    let gzipped: [UInt8] = [
      0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x4c, 0x51,
      0xb2, 0x52, 0x32, 0x51, 0xd2, 0x51, 0xca, 0x4b, 0xcc, 0x4d, 0x05, 0x32, 0x7d, 0x13, 0x8b,
      0xb2, 0x15, 0xa2, 0x4a, 0x93, 0xb3, 0x53, 0x8b, 0x92, 0x52, 0x8b, 0xd2, 0x95, 0x6a, 0x01,
      0x42, 0x4a, 0xcb, 0x13, 0x23, 0x00, 0x00, 0x00,
    ]
    let stub = try LoopbackHTTPStub { _ in
      .response(
        status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
        body: gzipped)
    }
    defer { stub.stop() }
    let response = try await CurlTransport().send(HTTPRequest(url: stub.baseURL + "/4"))
    #expect(response.bodyText == #"{"id":"4","name":"Mark Zuckerberg"}"#)
    #expect(response.headers["Content-Encoding"] == nil)
    #expect(response.headers["Content-Length"] == "35")
  }

  @Test func nonJSONAnswersComeBackAsTheyAre() async throws {
    let stub = try LoopbackHTTPStub { _ in
      .response(
        status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>hi</html>".utf8))
    }
    defer { stub.stop() }
    let response = try await CurlTransport().send(HTTPRequest(url: stub.baseURL + "/"))
    #expect(response.status == 200)
    #expect(response.bodyText == "<html>hi</html>")
    #expect(response.headers["Content-Type"] == "text/html")
  }

  @Test func connectionRefusedNamesTheHost() async throws {
    let port = try LoopbackHTTPStub.closedPort()
    await #expect(throws: GraphLiveError.connectionRefused(host: "127.0.0.1", port: port)) {
      try await CurlTransport().send(HTTPRequest(url: "http://127.0.0.1:\(port)/me"))
    }
    #expect(
      GraphLiveError.connectionRefused(host: "127.0.0.1", port: port).description
        == "connection refused by 127.0.0.1:\(port) (nothing is listening there)")
  }

  @Test func timeoutNamesTheHost() async throws {
    let stub = try LoopbackHTTPStub { _ in .hang }
    defer { stub.stop() }
    let clock = ContinuousClock()
    let started = clock.now
    await #expect(throws: GraphLiveError.timedOut(host: "127.0.0.1", after: .milliseconds(500))) {
      try await CurlTransport(timeout: .milliseconds(500)).send(
        HTTPRequest(url: stub.baseURL + "/me"))
    }
    #expect(clock.now - started >= .milliseconds(400))
    // Well under URLSession's own 60 s default, with room for a slow (sanitized) run.
    #expect(clock.now - started < .seconds(55))
    #expect(
      GraphLiveError.timedOut(host: "127.0.0.1", after: .milliseconds(500)).description
        == "no answer from 127.0.0.1 within 500 ms")
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    let stub = try LoopbackHTTPStub { _ in .hang }
    defer { stub.stop() }
    let transport = CurlTransport(timeout: .seconds(30))
    let task = Task { try await transport.send(HTTPRequest(url: stub.baseURL + "/me")) }
    while stub.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func dnsFailureNamesTheHost() async throws {
    // RFC 6761: .invalid never resolves.
    await #expect(throws: GraphLiveError.dnsFailure(host: "graph.invalid")) {
      try await CurlTransport(timeout: .seconds(20)).send(
        HTTPRequest(url: "http://graph.invalid/me"))
    }
  }

  @Test func tlsFailureNamesTheHost() async throws {
    // A plain-HTTP listener answering a TLS client: the handshake cannot succeed.
    let stub = try LoopbackHTTPStub { _ in .close }
    defer { stub.stop() }
    await #expect {
      try await CurlTransport(timeout: .seconds(10)).send(
        HTTPRequest(url: "https://127.0.0.1:\(stub.port)/me"))
    } throws: { error in
      guard case .tlsFailure(let host, _) = error as? GraphLiveError else { return false }
      return host == "127.0.0.1"
    }
  }

  @Test func invalidURLsAreRefusedBeforeSending() async {
    await #expect(throws: GraphLiveError.invalidURL("ftp://x/y")) {
      try await CurlTransport().send(HTTPRequest(url: "ftp://x/y"))
    }
  }
}

/// Requests of one transport reuse the connection an earlier one left open.
@Suite struct CurlConnectionReuseTests {
  @Test func sequentialRequestsShareOneConnection() async throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"4"}"#, keepAlive: true)
    defer { stub.stop() }
    let transport = CurlTransport(timeout: .seconds(10))
    for n in 0..<3 {
      let request = GraphRequest(.get, "me", parameters: ["n": "\(n)"], accessToken: "T")
        .httpRequest(baseURL: stub.baseURL)
      let response = try await transport.send(request)
      #expect(response.bodyText == #"{"id":"4"}"#)
    }
    #expect(stub.requests.count == 3)
    #expect(stub.connections == 1)
    #expect(transport.handles.idleCount == 1)
  }

  @Test func aClosedConnectionIsNotReused() async throws {
    // The stub closes after each answer (Connection: close): each request connects again.
    let stub = try LoopbackHTTPStub(json: #"{"id":"4"}"#)
    defer { stub.stop() }
    let transport = CurlTransport(timeout: .seconds(10))
    for _ in 0..<3 {
      let request = GraphRequest(.get, "me", accessToken: "T").httpRequest(baseURL: stub.baseURL)
      #expect(try await transport.send(request).status == 200)
    }
    #expect(stub.connections == 3)
  }

  @Test func aFailedTransferLeavesAUsableHandle() async throws {
    let closed = try LoopbackHTTPStub.closedPort()
    let stub = try LoopbackHTTPStub(json: #"{"id":"4"}"#, keepAlive: true)
    defer { stub.stop() }
    let transport = CurlTransport(timeout: .seconds(10))
    let refused = GraphRequest(.get, "me").httpRequest(baseURL: "http://127.0.0.1:\(closed)")
    await #expect(throws: GraphLiveError.self) { try await transport.send(refused) }
    let request = GraphRequest(.get, "me", accessToken: "T").httpRequest(baseURL: stub.baseURL)
    #expect(try await transport.send(request).bodyText == #"{"id":"4"}"#)
  }
}
