import Testing

@testable import ExplorerCLI

/// Issue 11, item 4: in `batch`'s block form a line that is no request (`!2`, `history`, a
/// syntax error) is refused as it is typed, and the operations typed before it are kept.
@Suite struct BatchBlockTests {
  @Test func aLineThatIsNoRequestIsRefusedAndTheBlockGoesOn() async {
    let run = await ScriptModeTests.run(
      "batch\nGET me?fields=id\n!2\nGET me/friends limit=\"2\n"
        + "first: GET me?fields=name\nend\nhistory\n",
      ["--no-color"])
    #expect(
      run.errors.contains(
        "line 3: error: not a request line, not added to the batch: !2 (type request lines, then 'end')"
      ),
      "\(run.errors)")
    #expect(run.errors.contains("line 4: error: "))
    // Both request lines went, as one batch.
    #expect(run.output.contains("[0] HTTP 200"), "\(run.output)")
    #expect(run.output.contains("[1] HTTP 200"))
    #expect(!run.output.contains("[2]"))
    #expect(run.output.contains("#1  200  POST / batch=<2 operations>"))
  }
}
