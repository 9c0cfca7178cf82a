import Testing

@testable import ExplorerCLI

@Suite struct RedactionTests {
  static let cases: [(String, String)] = [
    ("access_token=abc", "access_token=<redacted>"),
    ("a=1&access_token=abc&b=2", "a=1&access_token=<redacted>&b=2"),
    ("my_access_token=abc", "my_access_token=abc"),
    ("client_secret=s&appsecret_proof=p", "client_secret=<redacted>&appsecret_proof=<redacted>"),
    ("access_token=", "access_token="),
    ("x=access_token", "x=access_token"),
    // A replay miss: the message goes on after the URL.
    ("GET /me?access_token=abc; closest is #0", "GET /me?access_token=<redacted>; closest is #0"),
  ]

  @Test(arguments: cases)
  func redactsSecretValues(text: String, expected: String) {
    #expect(Redaction.redactParameters(text) == expected)
  }

  @Test func masksTokens() {
    #expect(Redaction.mask("EAABwzLixnjYBAabcdefghij9Zq") == "EAAB…j9Zq")
    #expect(Redaction.mask("short") == "*****")
  }
}
