import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 11, item 4: the Scrumptious tutorial's photo-then-read batch, typed.
@Suite struct TypedBatchTests {
  static var photo: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/photo.jpg").path
  }

  static func checkPhotoThenRead(_ run: ScriptModeTests.Run) {
    #expect(run.status == .success, "\(run.errors)")
    #expect(
      run.output.contains(
        "[0] null (left out on purpose: a later operation used its answer, or it asked omit_response_on_success)"
      ), "\(run.output)")
    #expect(run.output.contains("[1] HTTP 200"))
    #expect(run.output.contains("\"source\": \"https://"))
    // The whole batch is one numbered exchange.
    #expect(run.output.contains("#1  200  POST / batch=<2 operations>"))
    #expect(!run.output.contains("#2 "))
  }

  @Test func inlineOperationsTakeLabelsAndAttachFiles() async {
    let run = await ScriptModeTests.run(
      "login alice user_photos publish_actions\nbatch\n"
        + "photo: POST me/photos source@\(Self.photo) message=Lunch\n"
        + "GET {result=photo:$.id}?fields=id,source\nend\nhistory\n", ["--no-color"])
    Self.checkPhotoThenRead(run)
  }

  @Test func aBatchFileTakesItsAttachedFilesOnTheLine() async throws {
    let dir = ScratchDirectory("typed-batch")
    let file = dir.file("batch.json")
    try #"""
    [{"method":"POST","relative_url":"me/photos","attached_files":"file1","name":"photopost"},
     {"method":"GET","relative_url":"{result=photopost:$.id}?fields=id,source"}]
    """#.write(toFile: file, atomically: true, encoding: .utf8)
    let run = await ScriptModeTests.run(
      "login alice user_photos publish_actions\nbatch \(file) file1@\(Self.photo)\nhistory\n",
      ["--no-color"])
    Self.checkPhotoThenRead(run)
    let wrong = await ScriptModeTests.run("batch \(file) file1=x\n", ["--no-color"])
    #expect(wrong.errors.contains("expected name@file to attach, found 'file1=x'"))
  }
}

/// Issue 11, item 5: the pager command, a redirect's Location, `next` after an error.
@Suite struct PagerAndScreenTests {
  @Test func thePagerComesFromTheEnvironment() {
    #expect(Pager.command(environment: [:]) == "less -FRX")
    #expect(Pager.command(environment: ["PAGER": "most"]) == "most")
    #expect(
      Pager.command(environment: ["PAGER": "most", "GRAPH_EXPLORER_PAGER": "less -R"]) == "less -R")
    #expect(Pager.command(environment: ["PAGER": " "]) == "less -FRX")
  }

  @Test func aRedirectShowsItsLocationAndNextAfterAnErrorSaysSo() async {
    let run = await ScriptModeTests.run(
      "GET me/picture\ntoken clear\nGET me\nnext\n", ["--no-color"])
    #expect(run.output.contains("HTTP 302 · "), "\(run.output)")
    #expect(run.output.contains("#1\nLocation: https://"), "\(run.output)")
    #expect(run.errors.contains("#2 was an error answer (HTTP 400): it has no pages"))
  }
}

/// Issue 29: a batch's null says whether Graph left the answer out on purpose or did not run
/// the operation.
@Suite struct BatchNullTests {
  @Test func aFailedDependencyIsNotRunAndSaysSo() async {
    let run = await ScriptModeTests.run(
      "batch\nfirst: GET nope/nothing\nGET {result=first:$.id}?fields=name\nend\n", ["--no-color"])
    // The parent failed, so it is answered; the child is not run.
    #expect(
      run.output.contains("[1] null (not run: an operation it depends on failed)"), "\(run.output)")
  }

  @Test func anOmittedAnswerIsLeftOutOnPurpose() async {
    let run = await ScriptModeTests.run(
      "batch\nfirst: GET me\nGET {result=first:$.id}?fields=name\nend\n", ["--no-color"])
    #expect(run.output.contains("[0] null (left out on purpose"), "\(run.output)")
  }
}
