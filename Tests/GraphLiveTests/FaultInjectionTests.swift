import Foundation
import GraphAPI
import GraphCassette
import GraphJSON
import GraphLive
import GraphTestSupport
import Testing

/// CurlTransport against a loopback server that misbehaves on purpose (`FaultServer`):
/// every fault ends in a clear answer or a clear `GraphLiveError`, never a hang or a crash or a
/// silently shortened body; the same transport then goes on working; and a cassette recorded
/// through the faults loads afterwards with every completed exchange.
@Suite(.timeLimit(.minutes(2))) struct FaultInjectionTests {
  static let me = #"{"id":"4","name":"Mark Zuckerberg","friends":{"data":[{"id":"5"}]}}"#

  /// How a fault must end.
  enum Outcome: Sendable {
    /// An answer with this status whose body satisfies the check.
    case answer(Int, @Sendable (HTTPResponse) -> Bool)
    /// A `GraphLiveError` whose description contains every phrase.
    case error([String])
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var fault: Fault
    var outcome: Outcome
    /// The transport's timeout.
    var timeout = Duration.milliseconds(500)
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "reset mid-body", fault: .cutJSON(me, reset: true),
      outcome: .error(["network error talking to 127.0.0.1"])),
    Case(
      name: "closed mid-body", fault: .cutJSON(me, reset: false),
      outcome: .error(["network error talking to 127.0.0.1"])),
    Case(
      name: "closed without an answer", fault: .close,
      outcome: .error(["network error talking to 127.0.0.1"])),
    Case(
      name: "stalls past the timeout", fault: .stall,
      outcome: .error(["no answer from 127.0.0.1 within 500 ms"])),
    Case(
      name: "drips slower than the timeout", fault: .dripJSON(me, every: .milliseconds(50)),
      outcome: .error(["no answer from 127.0.0.1 within 500 ms"])),
    Case(
      name: "drips within the timeout", fault: .dripJSON(#"{"id":"4"}"#, every: .milliseconds(2)),
      outcome: .answer(200) { $0.bodyText == #"{"id":"4"}"# }, timeout: .seconds(4)),
    Case(
      name: "HTML instead of JSON", fault: .html(status: 200),
      outcome: .answer(200) {
        $0.headers["Content-Type"] == "text/html; charset=utf-8"
          && $0.bodyText.hasPrefix("<!DOCTYPE html>")
      }),
    Case(
      name: "truncated JSON", fault: .truncatedJSON(me),
      outcome: .answer(200) {
        $0.body == Array(me.utf8.prefix(me.utf8.count / 2))
          && (try? JSONParser.parse($0.body)) == nil
      }),
    Case(
      name: "gzip", fault: .gzipJSON(me),
      outcome: .answer(200) {
        $0.bodyText == me && $0.headers["Content-Encoding"] == nil
          && $0.headers["Content-Length"] == String(me.utf8.count)
      }),
    Case(
      name: "500", fault: .graphServerError(status: 500),
      outcome: .answer(500) { GraphErrorBody(body: $0.body)?.code == 1 }),
    Case(
      name: "502 from a proxy", fault: .html(status: 502),
      outcome: .answer(502) { $0.bodyText.contains("<html>") }),
    Case(
      name: "503", fault: .graphServerError(status: 503),
      outcome: .answer(503) { GraphErrorBody(body: $0.body)?.code == 2 }),
  ]

  @Test(arguments: cases)
  func eachFaultEndsClearlyAndTheTransportGoesOn(_ item: Case) async throws {
    let server = try FaultServer { request in
      request.url.hasPrefix("/fault") ? item.fault : .json(Self.me)
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: item.timeout)
    let outcome: Result<HTTPResponse, any Error>
    do {
      outcome = .success(try await transport.send(HTTPRequest(url: server.baseURL + "/fault")))
    } catch {
      outcome = .failure(error)
    }
    switch (item.outcome, outcome) {
    case (.answer(let status, let check), .success(let response)):
      #expect(response.status == status)
      #expect(check(response), "\(item.name): \(response.bodyText)")
    case (.error(let phrases), .failure(let error)):
      let live = try #require(error as? GraphLiveError, "\(item.name): \(error)")
      let message = live.description
      for phrase in phrases { #expect(message.contains(phrase), "\(message)") }
      #expect(!message.contains("\n"), "one line: \(message)")
    case (.answer, .failure(let error)):
      Issue.record("\(item.name): expected an answer, got \(error)")
    case (.error, .success(let response)):
      Issue.record("\(item.name): expected an error, got \(response.status) \(response.bodyText)")
    }
    // The same transport goes on working.
    let next = try await transport.send(HTTPRequest(url: server.baseURL + "/me"))
    #expect(next.status == 200)
    #expect(next.bodyText == Self.me)
  }

  @Test func refusedConnectionNamesHostAndPort() async throws {
    let refused = try FaultServer.refusedPort()
    let transport = CurlTransport(timeout: .seconds(5))
    await #expect {
      _ = try await transport.send(HTTPRequest(url: refused.baseURL + "/me"))
    } throws: { error in
      (error as? GraphLiveError)?.description
        == "connection refused by 127.0.0.1:\(refused.port) (nothing is listening there)"
    }
  }

  /// A session recorded through every fault: the cassette loads afterwards and holds exactly
  /// the exchanges that got an answer, in order; failed ones are absent, not half written.
  @Test func aRecordingMadeUnderFaultsIsNeverCorrupted() async throws {
    let dir = ScratchDirectory("fault-recording")
    defer { dir.remove() }
    let file = dir.file("faults.json")
    let faults = Self.cases.map(\.fault)
    let server = try FaultServer { request in
      let path = request.url.split(separator: "?")[0]
      let parts = path.split(separator: "/")
      guard parts.count == 2, parts[0] == "fault", let n = Int(parts[1]) else {
        return .json(Self.me)
      }
      return faults[n]
    }
    defer { server.stop() }
    let recorder = try CassetteRecorder(
      wrapping: CurlTransport(timeout: .seconds(2)), file: file, mode: .all)
    var answered: [String] = []
    for n in faults.indices {
      for path in ["/fault/\(n)", "/ok/\(n)"] {
        let url = server.baseURL + path + "?access_token=FAULTSECRET\(n)"
        if (try? await recorder.send(HTTPRequest(url: url))) != nil { answered.append(path) }
        let onDisk =
          FileManager.default.fileExists(atPath: file) ? try Cassette.load(path: file) : Cassette()
        #expect(onDisk.interactions.count == answered.count)
      }
    }
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map { URLParts($0.request.url)?.path } == answered)
    // Unanswered: the reset, the two closes, the stall and the slow drip.
    #expect(answered.count == 2 * faults.count - 5, "\(answered)")
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    #expect(!text.contains("FAULTSECRET"))
  }
}
