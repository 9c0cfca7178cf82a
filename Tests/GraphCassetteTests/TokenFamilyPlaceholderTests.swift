import GraphAPI
import Testing

@testable import GraphCassette

/// A placeholder keeps an access token's kind (issue 45): an app token `APPID|SECRET`, a Page's
/// from `me/accounts`, a test user's from `accounts/test-users`; any other stays
/// `<ACCESS_TOKEN_n>`, and numbering continues after every family a cassette already has.
@Suite struct TokenFamilyPlaceholderTests {
  static func exchange(_ url: String, answer: String) -> Interaction {
    Interaction(
      request: HTTPRequest(url: url),
      response: HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array(answer.utf8)),
      recordedAt: "2026-12-04T12:00:00.000Z")
  }

  @Test func eachKindNamesItsPlaceholder() {
    let user = "EAABuserTOKENvalue0123456789"
    let page = "EAABpageTOKENvalue0123456789"
    let tester = "EAABtesterTOKENvalue01234567"
    var redactor = Redactor()
    let cassette = redactor.redact(
      Cassette(interactions: [
        Self.exchange(
          "https://graph.facebook.com/v2.2/me/accounts?access_token=\(user)",
          answer: #"{"data":[{"id":"5","access_token":"\#(page)"}]}"#),
        Self.exchange(
          "https://graph.facebook.com/v2.2/77/accounts/test-users?access_token=77%7Cappsecret0123",
          answer: #"{"data":[{"id":"6","access_token":"\#(tester)"}]}"#),
      ]))
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    #expect(text.contains("me/accounts?access_token=<ACCESS_TOKEN_1>"))
    #expect(text.contains("<PAGE_ACCESS_TOKEN_1>"))
    #expect(text.contains("access_token=<APP_ACCESS_TOKEN_1>"))
    #expect(text.contains("<TEST_USER_ACCESS_TOKEN_1>"))
    #expect(TokenFamily(placeholder: "<PAGE_ACCESS_TOKEN_12>") == .page)
    #expect(TokenFamily(placeholder: "<ACCESS_TOKEN_3>") == .unknown)
    #expect(TokenFamily(placeholder: "<APP_SECRET_1>") == nil)

    var next = Redactor()
    next.reservePlaceholders(in: cassette)
    let more = next.redact(
      Self.exchange(
        "https://graph.facebook.com/v2.2/me/accounts?access_token=EAABanotherUSERtoken9876",
        answer: #"{"data":[{"id":"7","access_token":"EAABsecondPAGEtoken98765"}]}"#))
    #expect(more.request.url.hasSuffix("access_token=<ACCESS_TOKEN_2>"))
    #expect(more.response.bodyText.contains("<PAGE_ACCESS_TOKEN_2>"))
  }
}
