import GraphAPI
import Testing

@testable import GraphCassette

/// Issue 16 §1: the `serve` log's masking got cheaper (a filter that grows with the secrets,
/// names ruled out by length and first byte before any `String`); what it masks is the same.
@Suite struct SecretTextSpeedPathTests {
  @Test func everyOneOfManySecretsIsStillFound() {
    // Past every growth of the filter (it starts at 4,096 bits, 16 per secret).
    let secrets = (0..<5000).map { "appsecretvalue\($0)xyz" }
    var text = SecretText(secrets: secrets.map { .appSecret($0) }) { _ in "***" }
    for secret in secrets.shuffled().prefix(300) {
      #expect(text.redact("before \(secret) after") == "before *** after")
    }
    #expect(text.redact("nothing secret here") == "nothing secret here")
  }

  @Test func secretNamesInAnyCaseAndFormAreStillMasked() {
    let cases: [(String, String)] = [
      ("/me?fields=id,name&access_token=CAAEmuAlice", "/me?fields=id,name&access_token=***"),
      ("/me?ACCESS_TOKEN=abc&x=1", "/me?ACCESS_TOKEN=***&x=1"),
      ("/me?Access_Token[]=abc", "/me?Access_Token[]=***"),
      ("/me?access_token[0]=abc", "/me?access_token[0]=***"),
      ("/oauth?client_secret=s3cr3t&code=C0DE", "/oauth?client_secret=***&code=***"),
      ("/x#access_token=frag", "/x#access_token=***"),
      ("/x;oauth_token=semi", "/x;oauth_token=***"),
      ("/x?appsecret_proof=p&signed_request=r", "/x?appsecret_proof=***&signed_request=***"),
      ("/x?access%5Ftoken=enc", "/x?access%5Ftoken=***"),
      (#"{"Input_Token": "tok"}"#, #"{"Input_Token": "***"}"#),
      ("/x?fields=code&limit=5&codes=1&xcode=2", "/x?fields=code&limit=5&codes=1&xcode=2"),
    ]
    for (input, expected) in cases {
      #expect(SecretText.redacted(input) { _ in "***" } == expected, "\(input)")
    }
  }
}
