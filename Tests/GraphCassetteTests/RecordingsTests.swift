import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@testable import GraphCassette

/// The cassettes in Recordings/: each seed scenario recorded from the emulator with
/// `CassetteRecorder` (the recorder behind the REPL's `record`), with expectations. This test
/// checks that every recording still agrees with a fresh emulator and meets its expectations;
/// `RECORD_CASSETTES=1 swift test --filter RecordingsTests` re-records them.
@Suite(.serialized) struct RecordingsTests {
  static let directory = InteropTests.root + "/Recordings"

  @Test(arguments: RecordingScenario.all.map(\.name))
  func recordingAgreesWithTheEmulator(name: String) async throws {
    let scenario = try #require(RecordingScenario.all.first { $0.name == name })
    let file = Self.directory + "/\(name).json"
    if ProcessInfo.processInfo.environment["RECORD_CASSETTES"] == "1" {
      try await scenario.record(to: file)
    }
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == scenario.steps.count)
    #expect(cassette.interactions.allSatisfy { $0.expect.map { !$0.isEmpty } ?? false })
    let report = await CassetteVerifier(target: GraphEmulator()).verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
    let player = CassettePlayer(cassette: cassette)
    for interaction in cassette.interactions {
      _ = try player.answer(interaction.request)
    }
  }
}

/// One seed scenario: requests in order, each with what its answer must be. A step may build
/// its request from the previous answer (following `paging.next`).
struct RecordingScenario: Sendable {
  struct Step: Sendable {
    var request: @Sendable (_ previous: JSONValue?) -> HTTPRequest
    var expect: GraphCassette.Expectation
  }

  var name: String
  var steps: [Step]

  static let base = "https://graph.facebook.com/v2.0"

  func record(to file: String) async throws {
    try? FileManager.default.removeItem(atPath: file)
    let emulator = GraphEmulator()
    let recorder = try CassetteRecorder(
      wrapping: emulator, file: file, mode: .all,
      publicValues: Set(emulator.testTokens.map(\.token)), recordedWith: "graph-explorer 0.1.0",
      clock: { Date(timeIntervalSince1970: 1_764_489_600) })
    var previous: JSONValue?
    for step in steps {
      let answer = try await recorder.send(step.request(previous))
      previous = try? JSONParser.parse(answer.body)
      try recorder.expect(step.expect)
    }
  }

  static func path(_ text: String) -> ValuePath { ValuePath(parsing: text)! }

  static func get(_ path: String, token: String? = "CAAEmuAlice") -> Step.Request {
    { _ in
      HTTPRequest(
        url: "\(base)/\(path)"
          + (token.map { (path.contains("?") ? "&" : "?") + "access_token=\($0)" } ?? ""))
    }
  }

  static func form(_ method: String, _ path: String, _ fields: String) -> Step.Request {
    { _ in
      HTTPRequest(
        method: method, url: "\(base)/\(path)",
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(fields.utf8))
    }
  }

  static func multipart(_ path: String, fields: [(String, String)], file: (String, [UInt8]))
    -> Step.Request
  {
    { _ in
      var data = MultipartFormData(boundary: "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f")
      for (name, value) in fields { data.parts.append(.init(name: name, body: Array(value.utf8))) }
      data.parts.append(
        .init(name: file.0, filename: "photo.jpg", contentType: "image/jpeg", body: file.1))
      return HTTPRequest(
        method: "POST", url: path.hasPrefix("https:") ? path : "\(base)/\(path)",
        headers: ["Content-Type": data.contentType, "User-Agent": "FBiOSSDK.3.24.0"],
        body: data.encoded())
    }
  }

  static let jpeg: [UInt8] =
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 0xFF, 0xD9]
}

extension RecordingScenario.Step {
  typealias Request = @Sendable (_ previous: JSONValue?) -> HTTPRequest

  init(_ request: @escaping Request, _ expect: GraphCassette.Expectation) {
    self.request = request
    self.expect = expect
  }
}

extension RecordingScenario {
  static let all: [RecordingScenario] = [
    RecordingScenario(
      name: "login-and-profile",
      steps: [
        .init(
          get("me?fields=id,name,first_name,last_name,email"),
          Expectation(status: 200, values: [.init(path: path("id"), value: "100001000000001")])),
        .init(get("me/permissions"), Expectation(status: 200)),
      ]),
    RecordingScenario(
      name: "friends-paging",
      steps: [
        .init(get("me/friends?limit=25"), Expectation(status: 200, values: [])),
        .init(
          { previous in
            HTTPRequest(url: previous?["paging"]?["next"]?.stringValue ?? "\(base)/me/friends")
          },
          Expectation(status: 200)),
        .init(
          { previous in
            HTTPRequest(url: previous?["paging"]?["next"]?.stringValue ?? "\(base)/me/friends")
          },
          Expectation(status: 200, absent: [path("paging.next")])),
      ]),
    RecordingScenario(
      name: "place-search",
      steps: [
        .init(
          get("search?type=place&center=37.785834,-122.406417&distance=1000&limit=5&q=coffee"),
          Expectation(status: 200))
      ]),
    RecordingScenario(
      name: "feed-post",
      steps: [
        .init(
          form(
            "POST", "me/feed",
            "message=Hello%20from%20the%20emulator&access_token=CAAEmuAlicePublish"),
          Expectation(status: 200))
      ]),
    RecordingScenario(
      name: "photo-upload",
      steps: [
        .init(
          multipart(
            "me/photos", fields: [("message", "Lunch"), ("access_token", "CAAEmuAlicePublish")],
            file: ("source", jpeg)),
          Expectation(status: 200))
      ]),
    RecordingScenario(
      name: "og-action-needs-publish-actions",
      steps: [
        .init(
          form(
            "POST", "me/fb_sample_scrumps:eat",
            "meal=https%3A%2F%2Fexample.com%2Fmeals%2Fpizza&access_token=CAAEmuAlice"),
          Expectation(status: 403, errorCode: 200)),
        .init(
          form(
            "POST", "me/fb_sample_scrumps:eat",
            "meal=https%3A%2F%2Fexample.com%2Fmeals%2Fpizza&access_token=CAAEmuAlicePublish"),
          Expectation(status: 200)),
      ]),
    RecordingScenario(
      name: "batch-photo-then-read",
      steps: [
        .init(
          multipart(
            "https://graph.facebook.com/",
            fields: [
              ("access_token", "CAAEmuAlicePublish"),
              (
                "batch",
                #"[{"method":"POST","relative_url":"me/photos","body":"message=Lunch","name":"photopost","attached_files":"file1"},{"method":"GET","relative_url":"{result=photopost:$.id}?fields=id,source"}]"#
              ),
            ], file: ("file1", jpeg)),
          Expectation(status: 200, values: [.init(path: path("[1].code"), value: 200)]))
      ]),
    RecordingScenario(
      name: "me-without-token",
      steps: [.init(get("me", token: nil), Expectation(status: 400, errorCode: 2500))]),
    RecordingScenario(
      name: "expired-token",
      steps: [
        .init(
          get("me", token: "CAAEmuAliceExpired"),
          Expectation(status: 400, errorCode: 190, errorSubcode: 463))
      ]),
    RecordingScenario(
      name: "deauthorised",
      steps: [
        .init(
          form("DELETE", "me/permissions", "access_token=CAAEmuAlice"), Expectation(status: 200)),
        .init(get("me"), Expectation(status: 400, errorCode: 190, errorSubcode: 458)),
      ]),
  ]
}
