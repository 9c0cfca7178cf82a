import Foundation
import Testing

@testable import ExplorerCLI

/// Issue 11, item 3: `set verbose on`, `history` and `code` show the token that was really sent
/// when the line gave one (`access_token=` or an `Authorization` header item), masked by the rule
/// of `token`.
@Suite struct SentTokenTests {
  @Test func verboseAndHistoryNameTheTokenTheLineGave() async {
    let run = await ScriptModeTests.run(
      "set verbose on\nGET me fields=name access_token=CAAEmuBob\n"
        + "GET me fields=name Authorization:\"OAuth EAABsecretsecret99\"\n"
        + "GET me fields=name\nhistory\n",
      ["--no-color"])
    // The emulator's own token in full, any other masked, as `token` shows them.
    #expect(run.errors.contains("  Token:\ttoken CAAEmuBob (access_token=)\n"), "\(run.errors)")
    #expect(run.errors.contains("  Token:\ttoken EAAB…et99 (Authorization)\n"))
    // The session's token: no Token line (the URL says ACCESS_TOKEN_REMOVED, as the SDK logs it).
    let third = run.errors.components(separatedBy: "FBSDKLog: Request <#3>:").last ?? ""
    #expect(!third.contains("Token:"))
    #expect(run.output.contains("#1  200  GET /me?fields=name · token CAAEmuBob (access_token=)"))
    #expect(run.output.contains("#2  400  GET /me?fields=name · token EAAB…et99 (Authorization)"))
    #expect(run.output.contains("#3  200  GET /me?fields=name  "))
    #expect(!(run.output + run.errors).contains("EAABsecretsecret99"))
  }

  @Test func codeWritesTheTokenThatWasSent() async {
    let run = await ScriptModeTests.run(
      "GET me fields=name access_token=CAAEmuBob\n"
        + "GET me fields=name Authorization:\"OAuth CAAEmuChen\"\n"
        + "code curl #1 --with-token\ncode curl #2 --with-token\ncode python #1\n",
      ["--no-color"])
    #expect(run.output.contains("me?fields=name&access_token=CAAEmuBob'"), "\(run.output)")
    // A token given in Authorization stays in that header.
    #expect(run.output.contains("-H 'Authorization: OAuth CAAEmuChen' \\\n  'http"))
    #expect(!run.output.contains("access_token=CAAEmuChen"))
    #expect(run.output.contains(#"facebook.GraphAPI(access_token="<ACCESS_TOKEN>")"#))
    #expect(!run.output.contains("CAAEmuAlice"))
  }
}
