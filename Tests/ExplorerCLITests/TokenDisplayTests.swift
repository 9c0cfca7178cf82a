import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `token` shows the emulator's own tokens in full, any other masked unless `token --show`,
/// and `--show` never becomes the token.
@Suite struct TokenDisplayTests {
  static let cases: [(lines: String, shown: String)] = [
    ("token\n", "token CAAEmuAlice\n"),
    ("token CAAEmuAliceExpired\ntoken\n", "token CAAEmuAliceExpired\n"),
    ("login bob\ntoken\n", "token CAAEmuBobZS"),
    ("token EAABsecretsecret99\ntoken\n", "token EAAB…et99\n"),
    ("token EAABsecretsecret99\ntoken --show\n", "token EAABsecretsecret99\n"),
    (
      "token CAAEmuAlicePublish\ntoken --show\ntoken\n",
      "token CAAEmuAlicePublish\ntoken CAAEmuAlicePublish\n"
    ),
    ("target http://127.0.0.1:9\ntoken CAAEmuAlice\ntoken\n", "token ***********\n"),
  ]

  @Test(arguments: cases)
  func showsTheToken(lines: String, shown: String) async {
    let console = CapturingConsole(input: lines + "GET me?fields=id\n")
    _ = await GraphExplorer.main(arguments: ["--no-color"], console: console)
    #expect(console.output.contains(shown), "\(console.output)")
    #expect(!console.output.contains("--show"))
  }
}
