import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 45: `fields NODE [WORD]` lists a node's fields with type and description from its
/// `metadata=1`, aside from the history (Tab shows names only).
@Suite(.timeLimit(.minutes(2))) struct FieldsCommandTests {
  @Test func fieldsWithTypesAndDescriptions() async {
    let run = await ScriptModeTests.run(
      "fields me\nfields me birth\nfields me/friends locale\nfields nosuchnode\nhistory\n",
      ["--no-color"])
    #expect(run.output.contains("user · me · "), "\(run.output)")
    #expect(run.output.contains("\n  name "))
    #expect(run.output.contains("The user's full name\n"))
    #expect(run.output.contains("edges: friends, feed, "))
    #expect(
      run.output.contains(
        "user · me · 1 fields, 0 edges matching 'birth'\n  birthday  string  The user's birthday\n"
      ))
    #expect(run.output.contains("user · me/friends[0] (100001000000002) · 1 fields"))
    #expect(
      run.errors.contains("line 4: error: fields: GET nosuchnode?metadata=1 was not answered"))
    // Look-ups only: nothing in the history.
    #expect(!run.output.contains("#1"), "\(run.output)")
  }

  @Test func typedAtThePrompt() throws {
    let person = try TypedSession()
    try person.submit("set pager off")
    try person.complete("fields me/fr", showing: "iends ")
    let listed = try person.submit("name")
    #expect(listed.contains("user · me/friends[0]"), "\(listed)")
    #expect(listed.contains("The user's full name"), "\(listed)")
    _ = try person.leave()
  }
}
