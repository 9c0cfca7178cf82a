import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@testable import GraphCassette

/// Record from the real emulator, replay without it, verify against a fresh one.
@Suite struct EmulatorRoundTripTests {
  static let base = "https://graph.facebook.com/v2.0"

  static var session: [HTTPRequest] {
    let alice = "CAAEmuAlice"
    let batch =
      #"[{"method":"GET","relative_url":"me?fields=id,name"},{"method":"GET","relative_url":"me/friends?limit=2"}]"#
    return [
      get("\(base)/me?fields=id,name&access_token=\(alice)"),
      get("\(base)/me/friends?limit=2&access_token=\(alice)"),
      get("\(base)/me/friends?limit=2&access_token=\(alice)"),
      get("\(base)/me"),
      get("\(base)/me?access_token=CAAEmuAliceExpired"),
      get("\(base)/me?access_token=CAAEmuKofi"),
      post("\(base)/me/feed", form: "message=Hello&access_token=\(alice)"),
      post(
        "https://graph.facebook.com/",
        form: "access_token=\(alice)&batch=" + PercentEncoding.encode(batch)),
    ]
  }

  static func record(to file: String) async throws -> [HTTPResponse] {
    let emulator = GraphEmulator()
    let recorder = try CassetteRecorder(
      wrapping: emulator, file: file, mode: .once,
      publicValues: Set(emulator.testTokens.map(\.token)))
    var answers: [HTTPResponse] = []
    for request in session { answers.append(try await recorder.send(request)) }
    return answers
  }

  @Test func replayIsByteIdenticalWithoutTheEmulator() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let live = try await Self.record(to: dir.file("e.json"))
    #expect(live.contains { $0.status == 400 })
    let player = try CassettePlayer(file: dir.file("e.json"))
    for (request, answer) in zip(Self.session, live) {
      let replayed = try await player.send(request)
      #expect(replayed.status == answer.status)
      #expect(replayed.headers == answer.headers)
      #expect(replayed.body == answer.body, "\(request.url)")
    }
    #expect(player.unplayedInteractions.isEmpty)
  }

  @Test func aFreshEmulatorShowsNoDrift() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    _ = try await Self.record(to: dir.file("e.json"))
    let cassette = try Cassette.load(path: dir.file("e.json"))
    let report = await CassetteVerifier(target: GraphEmulator()).verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
  }

  @Test func anEditedAnswerIsDrift() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    _ = try await Self.record(to: dir.file("e.json"))
    var cassette = try Cassette.load(path: dir.file("e.json"))
    cassette.interactions[0].response.body = Array(#"{"id":"1","name":"Someone Else"}"#.utf8)
    let report = await CassetteVerifier(target: GraphEmulator()).verify(cassette)
    #expect(report.hasDrift)
    #expect(report.results[0].problems.contains { $0.contains("recorded \"Someone Else\"") })
    #expect(report.results.dropFirst().allSatisfy { $0.problems.isEmpty }, "\(report.text)")
  }
}
