import Foundation
import GraphAPI
import GraphCassette
import GraphLive
import GraphServer
import GraphTestSupport
import Testing

/// An upstream answering 1 MB of gzip that inflates to 1 GiB drove `serve --record --upstream`
/// to 15.8 GB and wrote a 6.4 GB cassette. Decoded answers now stop at a limit (64 MiB by
/// default): the request fails naming it, `serve` answers 502 saying so, and nothing of the
/// bomb is recorded.
@Suite(.timeLimit(.minutes(2))) struct GzipBombTests {
  static let jsonType = ("Content-Type", "application/json; charset=UTF-8")

  static func bomb(inflating megabytes: Int) -> Fault {
    .answer(
      status: 200, headers: [jsonType, ("Content-Encoding", "gzip")],
      body: GzipBomb.zeros(repeats: megabytes << 20 / 258))
  }

  @Test func aBombStopsAtTheLimitAndTheTransportGoesOn() async throws {
    let server = try FaultServer { request in
      request.url.hasPrefix("/bomb") ? Self.bomb(inflating: 16) : .gzipJSON(#"{"id":"4"}"#)
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: .seconds(30), maxAnswerBytes: 1 << 20)
    await #expect(throws: GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: 1 << 20)) {
      _ = try await transport.send(HTTPRequest(url: server.baseURL + "/bomb"))
    }
    #expect(
      GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: 1 << 20).description
        == "the answer from 127.0.0.1 is larger than 1 MiB once decoded (the limit on answers); reading stopped there"
    )
    let next = try await transport.send(HTTPRequest(url: server.baseURL + "/me"))
    #expect(next.bodyText == #"{"id":"4"}"#)
  }

  @Test func answersUpToTheLimitAreDecoded() async throws {
    let size = GzipBomb.inflatedSize(repeats: 4000)
    let exact = try FaultServer(
      always: .answer(
        status: 200, headers: [Self.jsonType, ("Content-Encoding", "gzip")],
        body: GzipBomb.zeros(repeats: 4000)))
    defer { exact.stop() }
    let answer = try await CurlTransport(timeout: .seconds(30), maxAnswerBytes: size)
      .send(HTTPRequest(url: exact.baseURL + "/zeros"))
    #expect(answer.body.count == size)
    #expect(answer.body.allSatisfy { $0 == 0 })
    await #expect(throws: GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: size - 1)) {
      _ = try await CurlTransport(timeout: .seconds(30), maxAnswerBytes: size - 1)
        .send(HTTPRequest(url: exact.baseURL + "/zeros"))
    }
  }

  @Test func theDefaultLimitIs64MiB() async throws {
    let server = try FaultServer(always: Self.bomb(inflating: 80))
    defer { server.stop() }
    await #expect(throws: GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: 64 << 20)) {
      _ = try await CurlTransport(timeout: .seconds(60))
        .send(HTTPRequest(url: server.baseURL + "/bomb"))
    }
  }

  /// Sends what `serve` received to the fault server, as `serve --upstream` does.
  struct Forwarder: GraphTransport {
    var base: String
    var inner: CurlTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      var request = request
      if let parts = URLParts(request.url) { request.url = base + parts.path }
      request.headers["Host"] = nil
      return try await inner.send(request)
    }
  }

  @Test func serveRecordingAnswers502NamingTheLimitAndRecordsNothingOfTheBomb() async throws {
    let upstream = try FaultServer { request in
      request.url.hasPrefix("/bomb") ? Self.bomb(inflating: 8) : .json(#"{"id":"4"}"#)
    }
    defer { upstream.stop() }
    let scratch = ScratchDirectory("gzip-bomb")
    defer { scratch.remove() }
    let file = scratch.file("bomb.json")
    let recorder = try CassetteRecorder(
      wrapping: Forwarder(
        base: upstream.baseURL,
        inner: CurlTransport(timeout: .seconds(30), maxAnswerBytes: 1 << 20)),
      file: file, mode: .all)
    let server = GraphServer(transport: recorder)
    let port = try server.start()
    let client = CurlTransport(timeout: .seconds(30))
    let bombed = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/bomb"))
    let fine = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/me"))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        server.stop()
        done.resume()
      }.start()
    }
    #expect(bombed.status == 502)
    #expect(bombed.bodyText.contains("larger than 1 MiB once decoded (the limit on answers)"))
    #expect(fine.bodyText == #"{"id":"4"}"#)
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map(\.request.url).map { URLParts($0)?.path } == ["/me"])
    let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
    #expect(size < 10_000)
  }
}
