import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `dialog`, `login --code-flow`, `token exchange` and `events`, end to end in script mode.
@Suite struct DialogCommandTests {
  @Test func feedDialogSharesAndCancels() async {
    let run = await ScriptModeTests.run(
      """
      login chen
      dialog feed name=Cheeseburger link=https://example.com/meal message=Lunch
      dialog feed name=Cheeseburger --cancel
      """, ["--no-color"])
    #expect(run.status == .success, "\(run.output)\(run.errors)")
    #expect(run.output.contains("redirect  fbconnect://success?post_id=100001000000003_"))
    #expect(run.output.contains("  post_id = 100001000000003_"))
    #expect(run.output.contains("FBWebDialogResultDialogCompleted · posted 100001000000003_"))
    #expect(
      run.output.contains(
        "redirect  fbconnect://success\nFBWebDialogResultDialogCompleted · no post_id: the person cancelled"
      ))
  }

  @Test func requestsDialogThenTheRecipientReadsIt() async {
    let run = await ScriptModeTests.run(
      """
      dialog apprequests message=Play to=100001000000002
      token CAAEmuBob
      GET me/apprequests
      expect data.0.message == "Play"
      dialog nonsense
      """, ["--no-color"])
    #expect(run.output.contains("  to[0] = 100001000000002"), "\(run.output)\(run.errors)")
    #expect(run.output.contains("FBWebDialogResultDialogCompleted · request "))
    #expect(
      run.errors.contains("dialog: expected feed, apprequests or oauth, found 'nonsense'"),
      "\(run.errors)")
  }

  @Test func oauthDialogMasksTheCodeAndShowsErrors() async {
    let run = await ScriptModeTests.run(
      """
      dialog oauth scope=email state=s1
      dialog oauth --cancel
      dialog oauth redirect_uri=https://evil.example/cb
      """, ["--no-color"])
    #expect(
      run.output.contains("redirect  fb233936543368280://authorize?code=AQEm…"), "\(run.output)")
    #expect(!run.output.contains("AQEmuCode1"), "the code is masked")
    #expect(run.output.contains("  error_reason = user_denied"))
    #expect(run.output.contains("FBSessionStateClosedLoginFailed · access_denied"))
    #expect(run.output.contains("dialog oauth did not complete: This redirect failed because"))
    #expect(run.output.contains("FBWebDialogResultDialogNotCompleted"))
  }

  @Test func codeFlowLoginTokenExchangeAndEvents() async {
    let run = await ScriptModeTests.run(
      """
      login --code-flow bob user_likes
      GET me?fields=id
      expect id == "100001000000002"
      token exchange
      GET me?fields=id
      expect id == "100001000000002"
      POST 233936543368280/activities event=CUSTOM_APP_EVENTS custom_events:='[{"_eventName":"fb_mobile_purchase"}]'
      events
      """, ["--no-color", "--deterministic-secrets"])
    #expect(run.status == .success, "\(run.output)\(run.errors)")
    #expect(
      run.output.contains(
        "FBSessionStateOpen · Bob Okafor (100001000000002) · public_profile, basic_info, user_likes "
          + "· code AQEm…0002 exchanged for a token expiring in 60 days"),
      "\(run.output)\(run.errors)")
    #expect(run.output.contains("FBSessionStateOpenTokenExtended · long-lived token "))
    #expect(run.output.contains("CUSTOM_APP_EVENTS fb_mobile_purchase"))
  }
}

/// Codes are random unless `--deterministic-secrets` asks for the counted ones (issue 31).
@Test func codeFlowCodesAreRandomByDefault() async {
  let script = "login --code-flow bob\n"
  let first = await ScriptModeTests.run(script, ["--no-color"])
  let second = await ScriptModeTests.run(script, ["--no-color"])
  #expect(first.status == .success && second.status == .success)
  #expect(!first.output.contains("code AQEm…0002"), "\(first.output)")
  #expect(first.output != second.output)
}
