import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The emulator's session commands and `explain`, end to end.
@Suite struct SessionCommandTests {
  @Test func explainShowsThe2500ErrorAsTheSDKSeesIt() async {
    let run = await ScriptModeTests.run("token clear\nGET me\nexplain\n", ["--no-color"])
    #expect(run.status == .success)
    #expect(run.output.contains("Graph error 2500 (OAuthException)"))
    #expect(run.output.contains("fberrorCategory: FBErrorCategoryFacebookOther"))
    #expect(run.output.contains("(com.facebook.sdk error 5.)"))
    #expect(run.output.contains("com.facebook.sdk:HTTPStatusCode: 400"))
  }

  @Test func explainShowsThePermissionsCategoryWithoutPublishActions() async {
    let run = await ScriptModeTests.run(
      "POST me/fb_sample_scrumps:eat meal=http://example.com/meal\nexplain\n", ["--no-color"])
    #expect(run.output.contains("(#200) Requires extended permission: publish_actions"))
    #expect(run.output.contains("fberrorCategory: FBErrorCategoryPermissions"))
    #expect(
      run.output.contains(
        "fberrorUserMessage: This app doesn't have permission to do this. To change permissions, try logging into the app again."
      ))
  }

  @Test func explainASuccess() async {
    let run = await ScriptModeTests.run("GET me?fields=id\nexplain #1\n", ["--no-color"])
    #expect(run.output.contains("Success."))
    #expect(run.output.contains("the completion handler gets error = nil"))
  }

  @Test func loginGrantRevokeLogoutReset() async {
    let run = await ScriptModeTests.run(
      """
      login bob
      GET me?fields=name
      grant publish_actions
      POST me/feed message=hello
      expect status == 200
      revoke publish_actions
      POST me/feed message=again
      expect error.code == 200
      logout
      GET me
      expect error.code == 2500
      reset
      GET me?fields=name
      login nobody
      grant frobnicate
      """, ["--raw"])
    let lines = run.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"name":"Bob Okafor","#) == true)
    #expect(lines.last?.hasPrefix(#"{"name":"Alice Whitfield","#) == true)
    #expect(run.errors.contains("line 14: error:"))
    #expect(run.errors.contains("line 15: error:"))
    #expect(!run.errors.contains("line 5:") && !run.errors.contains("line 8:"))
    #expect(!run.errors.contains("line 11:"))
    #expect(run.status == .failure)
  }
}

/// `explain` of a batch answer: each item explained on its own, as FBRequestConnection hands
/// each request its own parsed body or its own FBErrorHTTPError.
@Test func explainABatchItemByItem() async {
  let run = await ScriptModeTests.run(
    "batch\nGET me?fields=id\nPOST me/feed message=hi\nend\nexplain --sdk ios3\n", ["--no-color"])
  #expect(run.output.contains("A batch of 2: each request gets its own item."), "\(run.output)")
  #expect(run.output.contains("Item 0: HTTP 200"))
  #expect(run.output.contains("Item 1: HTTP 403"))
  #expect(run.output.contains("(#200) Requires extended permission: publish_actions"))
  #expect(run.output.contains("  fberrorCategory: FBErrorCategoryPermissions"))
  #expect(run.output.contains("the completion handler gets error = nil"))
}

/// `explain` of a 190/464: ReopenSession, the session closed (FBErrorUtility.m 3.24.4:170-174),
/// and 3.1's view without FBErrorUtility.
@Test func explain464ClosesTheSession() {
  let body = #"{"error":{"message":"m","type":"OAuthException","code":190,"error_subcode":464}}"#
  let lines = ExplainSDK.ios3.lines(status: 400, body: Array(body.utf8))
  #expect(lines.contains("  fberrorCategory: FBErrorCategoryAuthenticationReopenSession"))
  #expect(lines.contains("  fberrorShouldNotifyUser: YES"))
  #expect(lines.contains("  session: closed and token cleared (closeAndClearTokenInformation)"))
  #expect(
    lines.last
      == "iOS SDK 3.0-3.1: the same NSError without fberrorCategory or a user message (no FBErrorUtility); session: closed and token cleared"
  )
}
