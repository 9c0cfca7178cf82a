import ExplorerCLI
import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

/// Issue 42: a call that fails on what the session itself deleted is a note saying so, in
/// verify's numbering (#1-based), not an error. Before, `doctor` reported `100/33 ×1` as an
/// error with the SDK's recovery advice.
@Suite struct DoctorDeletionTests {
  /// A REPL session posts, comments, deletes the comment and reads it back.
  @Test func aReadOfWhatTheSessionDeletedIsANote() async {
    let console = CapturingConsole(
      input: """
        token CAAEmuAlicePublish
        POST me/feed message=hi
        let pid = $last.id
        POST $pid/comments message=c
        let cid = $last.id
        DELETE $cid
        GET $cid
        doctor

        """)
    let status = await GraphExplorer.main(arguments: ["--no-color"], console: console)
    #expect(status == .success, "\(console.errors)")
    let output = console.output
    #expect(output.contains("#4 reads what #3 deleted (100/33)"), "\(output)")
    #expect(!output.contains("×1 (#4)"), "\(output)")
    #expect(!output.contains("FBErrorCategory"), "\(output)")
  }

  /// A session's own answers from the emulator: a post deleted in a batch, then its comments
  /// and the post read, and deleted again; and a read of what was never deleted stays an error.
  @Test func batchDeletesAndEdgesAreFollowedAndOtherErrorsStay() async throws {
    let emulator = GraphEmulator()
    let base = "https://graph.facebook.com/v2.5/"
    let token = "access_token=CAAEmuAlicePublish"
    var interactions: [Interaction] = []
    func send(_ method: String, _ url: String, _ body: String = "") async throws -> HTTPResponse {
      var headers: HTTPHeaders = [:]
      if !body.isEmpty { headers["Content-Type"] = "application/x-www-form-urlencoded" }
      let request = HTTPRequest(method: method, url: url, headers: headers, body: Array(body.utf8))
      let response = try await emulator.send(request)
      interactions.append(
        Interaction(request: request, response: response, recordedAt: "2026-12-05T12:00:00Z"))
      return response
    }
    let post = try JSONParser.parse(
      try await send("POST", base + "me/feed", "message=hi&" + token).body)
    let id = try #require(post["id"]?.stringValue)
    let batch = #"[{"method":"DELETE","relative_url":"\#(id)"}]"#
    let form = "batch=" + (batch.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    _ = try await send("POST", base, form + "&" + token)
    #expect(try await send("GET", base + id + "/comments?" + token).status == 400)
    #expect(try await send("GET", base + id + "?" + token).status == 400)
    #expect(try await send("DELETE", base + id + "?" + token).status == 400)
    #expect(try await send("GET", base + "1234567?" + token).status == 400)
    let report = DoctorAnalyzer.report(
      Cassette(interactions: interactions), file: "s", format: "test")
    let note = try #require(report.findings.first { $0.kind == "read-of-deleted" })
    #expect(note.level == .info)
    #expect(note.count == 3, "\(note)")
    #expect(note.title.hasPrefix("3 calls on what the session deleted: "), "\(note.title)")
    #expect(note.title.contains("#3 reads what #2[0] deleted"), "\(note.title)")
    #expect(note.title.contains("#5 deletes again what #2[0] deleted"), "\(note.title)")
    #expect(note.interactions == [3, 4, 5])
    let error = try #require(report.findings.first { $0.kind.hasPrefix("error:100") })
    #expect(error.interactions == [6] && error.level == .error, "\(error)")
  }
}
