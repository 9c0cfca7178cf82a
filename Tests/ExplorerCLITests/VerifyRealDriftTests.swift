import ExplorerCLI
import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

/// Issue 12 §4: verify reports real drift only. An imported cassette's placeholders are sent
/// as a working token of the target, volatile values inside batch answers are ignored, and
/// interactions with other hosts are skipped with a note.
@Suite struct VerifyRealDriftTests {
  /// A batch recorded from the emulator, then made to look imported: the token a placeholder,
  /// trace ids and per-operation headers different from what the emulator will send.
  static func importedLookingCassette() async throws -> Cassette {
    let emulator = GraphEmulator()
    let batch = JSONValue.array([
      ["method": "GET", "relative_url": "me?fields=id,name"],
      ["method": "GET", "relative_url": "nope/nothing"],
    ]).compactText
    let request = HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/v2.8/",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("access_token=CAAEmuAlice&batch=\(PercentEncoding.encode(batch))".utf8))
    var answer = try await emulator.send(request)
    var operations = try JSONParser.parse(answer.body).arrayValue ?? []
    for i in operations.indices {
      guard case .object(var op) = operations[i] else { continue }
      op["headers"] = [["name": "X-FB-Trace-ID", "value": .string("Trace\(i)Recorded")]]
      if let text = op["body"]?.stringValue, case .object(var inner)? = try? JSONParser.parse(text),
        case .object(var error)? = inner["error"]
      {
        error["fbtrace_id"] = .string("RecordedTraceId\(i)")
        inner["error"] = .object(error)
        op["body"] = .string(JSONValue.object(inner).compactText)
      }
      operations[i] = .object(op)
    }
    answer.body = Array(JSONValue.array(operations).compactText.utf8)
    var recorded = request
    recorded.body = Array(
      String(decoding: request.body, as: UTF8.self)
        .replacingOccurrences(of: "CAAEmuAlice", with: "<ACCESS_TOKEN_1>").utf8)
    let me = HTTPRequest(
      url: "https://graph.facebook.com/v2.8/me?fields=id&access_token=CAAEmuAlice")
    var meRecorded = me
    meRecorded.url = me.url.replacingOccurrences(of: "CAAEmuAlice", with: "<ACCESS_TOKEN_1>")
    return Cassette(interactions: [
      Interaction(request: meRecorded, response: try await emulator.send(me), recordedAt: ""),
      Interaction(request: recorded, response: answer, recordedAt: ""),
      Interaction(
        request: HTTPRequest(url: "https://scontent.xx.fbcdn.net/v/t1/photo.jpg"),
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "image/jpeg"], body: [0xFF, 0xD8, 0xFF]),
        recordedAt: ""),
    ])
  }

  @Test func anImportedBatchCassetteFromTheEmulatorVerifiesWithNoDrift() async throws {
    let root = ScratchDirectory("verify-drift")
    defer { root.remove() }
    let file = root.file("imported.json")
    try await Self.importedLookingCassette().save(to: file)
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: ["verify", file], console: console)
    #expect(status == .success, "\(console.output)\(console.errors)")
    #expect(
      console.output.contains(
        "<ACCESS_TOKEN_1> sent as the emulator's default test token CAAEmuAlice"))
    #expect(
      console.output.contains(
        "skip  #3 GET /v/t1/photo.jpg (not the Graph API (scontent.xx.fbcdn.net): not sent)"))
    #expect(console.output.contains("2 interaction(s), no drift (1 skipped: not the Graph API)"))
  }

  @Test func aSecretGivenOnTheCommandLineWinsAndDriftIsStillFound() async throws {
    let root = ScratchDirectory("verify-drift-secret")
    defer { root.remove() }
    let file = root.file("imported.json")
    try await Self.importedLookingCassette().save(to: file)
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["verify", file, "--secret", "ACCESS_TOKEN_1=CAAEmuBob"], console: console)
    #expect(status == .failure)
    #expect(console.output.contains("<ACCESS_TOKEN_1> sent as the value given with --secret"))
    #expect(console.output.contains("DRIFT #1"))
  }
}
