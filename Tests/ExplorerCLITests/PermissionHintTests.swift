import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 11, item 6: "did you mean" for a mistyped permission, wherever the REPL takes one, and
/// what to do when a Graph error names the permission a request needs.
@Suite struct PermissionHintTests {
  @Test func aMistypedPermissionGetsTheClosestName() async {
    let run = await ScriptModeTests.run(
      "login alice --scope user_photos,publish_actoins\ngrant user_phtos\nrevoke publsh_actions\n"
        + "login publish_actoins\ndialog oauth scope=publish_actoins\n",
      ["--no-color"])
    #expect(
      run.errors.contains(
        "line 1: error: unknown permission 'publish_actoins': did you mean publish_actions?"),
      "\(run.errors)")
    #expect(
      run.errors.contains(
        "line 2: error: unknown permission 'user_phtos': did you mean user_photos?"))
    #expect(run.errors.contains("'publsh_actions': did you mean publish_actions?"))
    #expect(
      run.errors.contains(
        "line 4: error: no person 'publish_actoins' in the world: did you mean the permission "
          + "publish_actions? (login [<person>] <permission> ...)"))
    #expect(
      run.output.contains(
        "Invalid Scopes: publish_actoins. (did you mean publish_actions?)"), "\(run.output)")
  }

  @Test func loginTakesTheOAuthDialogsScope() async {
    let run = await ScriptModeTests.run(
      "login alice --scope user_photos,publish_actions\nlogin bob --scope=user_friends\n"
        + "login alice --scope\n",
      ["--no-color"])
    #expect(
      run.output.contains(
        "FBSessionStateOpen · Alice Whitfield (100001000000001) · public_profile, basic_info, "
          + "user_photos, publish_actions"), "\(run.output)")
    #expect(
      run.output.contains("Bob Okafor (100001000000002) · public_profile, basic_info, user_friends")
    )
    #expect(run.errors.contains("--scope expects permissions such as user_photos,publish_actions"))
  }

  @Test func theMessageOfAGraphErrorNamesThePermission() {
    #expect(
      REPL.permissionNamed(in: "(#200) Requires extended permission: publish_actions")
        == "publish_actions")
    #expect(
      REPL.permissionNamed(in: "(#10) This endpoint requires the 'manage_pages' permission")
        == "manage_pages")
    #expect(REPL.permissionNamed(in: "(#200) The user hasn't authorized the application") == nil)
  }

  /// On a terminal, as a person sees the hints: after an answer whose error names a missing
  /// permission, and after a path naming a mistyped one.
  @Test func hintsOnATerminal() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home)
    let denied = try InteractiveTests.submit(terminal, "POST me/feed message=hi")
    #expect(denied.contains("(#200) Requires extended permission: publish_actions"))
    #expect(
      denied.contains("the token lacks publish_actions: 'grant publish_actions' adds it"),
      "\(denied)")
    let typo = try InteractiveTests.submit(terminal, "DELETE me/permissions/publish_actoins")
    #expect(
      typo.contains(
        "did you mean me/permissions/publish_actions? (no permission 'publish_actoins')"),
      "\(typo)")
    try InteractiveTests.leave(terminal)
  }
}
