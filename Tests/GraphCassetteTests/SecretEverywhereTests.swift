import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphCassette

/// Issue 12 §1 and issue 15 §4: a secret anywhere in a cassette, in any encoding, found by name
/// or by shape, is replaced everywhere; `findings` (what `audit` prints) lists every one.
@Suite struct SecretEverywhereTests {
  static let publicValues: Set<String> = ["CAAEmuAlice"]

  @Test func importLeavesNoSecretInAnyForm() throws {
    let (bytes, hidden) = SecretHidingCassette.make()
    let (cassette, _) = try Interchange.importCassette(
      bytes, path: "hidden.json", publicValues: Self.publicValues)
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    for secret in hidden {
      for form in SecretHidingCassette.forms(of: secret.value) {
        #expect(!text.contains(form), "\(secret.how): \(form) survived")
      }
    }
    #expect(text.contains("CAAEmuAlice"), "the emulator's test token is not a secret")
    #expect(text.contains("<ACCESS_TOKEN_1>"))
    #expect(text.contains("<APP_SECRET_1>"))
    #expect(text.contains("<CODE_1>"))
    #expect(text.contains("<SIGNED_REQUEST_1>"))
    #expect(text.contains("<APPSECRET_PROOF_1>"))
    // The same value gets the same placeholder everywhere.
    let paging = cassette.interactions[13]
    #expect(paging.request.url.hasSuffix("access_token=\(placeholder(in: paging.request.url))"))
    #expect(paging.response.bodyText.contains(placeholder(in: paging.request.url)))
  }

  @Test func findingsListEveryHiddenSecretWhereItIs() throws {
    let (bytes, hidden) = SecretHidingCassette.make()
    let (cassette, _) = try Interchange.read(bytes, path: "hidden.json")
    var redactor = Redactor(publicValues: Self.publicValues)
    let findings = redactor.findings(in: cassette)
    for secret in hidden {
      let masked = SecretFinding.mask(secret.value)
      #expect(
        findings.contains {
          $0.interaction == secret.interaction && $0.place == secret.place && $0.preview == masked
        }, "\(secret.how) (interaction \(secret.interaction), \(secret.place)) not found")
    }
    #expect(!findings.contains { $0.interaction == 18 }, "the test token is not reported")
    // Previews never show the secret.
    for finding in findings {
      for secret in hidden { #expect(!finding.description.contains(secret.value)) }
    }
    // After redaction nothing is left to find.
    let fixed = redactor.redact(cassette)
    var again = Redactor(publicValues: Self.publicValues)
    #expect(again.findings(in: fixed).isEmpty)
  }

  @Test func aSecretSeenLateIsReplacedInEarlierInteractionsToo() throws {
    let late = SecretHidingCassette.token(99)
    var cassette = Cassette()
    cassette.interactions = [
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me"),
        response: HTTPResponse(status: 200, body: Array(#"{"note":"\#(late.prefix(20))"}"#.utf8)),
        recordedAt: ""),
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/v2.0/x?m=\(late.lowercased())"),
        response: HTTPResponse(status: 200, body: Array("see \(late)".utf8)), recordedAt: ""),
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me?access_token=\(late)"),
        response: HTTPResponse(status: 200), recordedAt: ""),
    ]
    var redactor = Redactor()
    let out = redactor.redact(cassette)
    #expect(out.interactions[1].response.bodyText == "see <ACCESS_TOKEN_1>")
    #expect(out.interactions[2].request.url.hasSuffix("access_token=<ACCESS_TOKEN_1>"))
  }

  @Test(arguments: [
    "fields=id;access_token=SHORTTOK1", "access_token%5B%5D=SHORTTOK1",
    "a=1#access_token=SHORTTOK1",
    "%61ccess_token=SHORTTOK1",
  ])
  func namedSecretsInOddSpellings(query: String) {
    var redactor = Redactor()
    let out = redactor.redact(
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me?\(query)"),
        response: HTTPResponse(status: 200, body: Array("echo SHORTTOK1".utf8)), recordedAt: ""))
    #expect(!out.request.url.contains("SHORTTOK1"), "\(out.request.url)")
    #expect(out.response.bodyText == "echo <ACCESS_TOKEN_1>")
  }

  @Test func matcherFindsMixedEncodingsAndPrefersTheLongerSecret() {
    var matcher = SecretMatcher()
    matcher.insert(Array("abcdefghij".utf8), replacement: Array("<S>".utf8))
    matcher.insert(Array("1234567|abcdefghij".utf8), replacement: Array("<T>".utf8))
    #expect(matcher.replace("x=1234567%7Cabcdefghij&y=abc%64efghij") == "x=<T>&y=<S>")
    #expect(matcher.replace(#"{"a":"ab\u0063defghij"}"#) == #"{"a":"<S>"}"#)
    #expect(matcher.replace("%2561bcdefghij") == "<S>")
    #expect(matcher.replace("abcdefghi") == "abcdefghi")
  }

  private func placeholder(in url: String) -> String {
    guard let start = url.range(of: "<ACCESS_TOKEN_") else { return "?" }
    return String(url[start.lowerBound...].prefix { $0 != "&" })
  }
}
