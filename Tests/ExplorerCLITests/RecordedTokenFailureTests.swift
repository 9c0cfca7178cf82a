import GraphAPI
import GraphCassette
import Testing

@testable import ExplorerCLI

/// Issue 27: a token the recording shows failing (190) is verified with an emulator token that
/// fails alike, not with the default user's valid one (which answered 200 and "drifted").
@Suite struct RecordedTokenFailureTests {
  static func cassette(subcode: Int?, message: String) -> Cassette {
    var error = #"{"error":{"message":"\#(message)","type":"OAuthException","code":190"#
    if let subcode { error += #","error_subcode":\#(subcode)"# }
    error += #","fbtrace_id":"AbCdEf"}}"#
    let interaction = Interaction(
      request: HTTPRequest(
        .get, url: "https://graph.facebook.com/v2.2/me?access_token=<ACCESS_TOKEN_1>"),
      response: HTTPResponse(
        status: 400, headers: ["Content-Type": "application/json; charset=UTF-8"],
        body: Array(error.utf8)),
      recordedAt: "2024-12-03T10:00:00Z")
    var cassette = Cassette()
    cassette.interactions = [interaction]
    return cassette
  }

  @Test(arguments: [
    (
      463,
      "Error validating access token: Session has expired on Tuesday, 03-Dec-24 01:00:00 PST. The current time is Tuesday, 03-Dec-24 02:00:00 PST.",
      "the emulator's test token expired CAAEmuAliceExpired"
    ),
    (
      467, "Error validating access token: The session is invalid because the user logged out.",
      "the emulator's test token logged-out"
    ),
    (0, "Invalid OAuth access token.", "a token the emulator never issued"),
    // The recorder writes the echoed token as its placeholder, as it writes every secret.
    (0, "Malformed access token <ACCESS_TOKEN_1>", "the emulator's test token malformed"),
  ])
  func aFailingTokenIsVerifiedWithOneThatFailsAlike(subcode: Int, message: String, named: String)
    async throws
  {
    let cassette = Self.cassette(subcode: subcode == 0 ? nil : subcode, message: message)
    let arguments = VerifyArguments()
    let lines = arguments.mapping(for: cassette).lines
    #expect(lines.count == 1 && lines[0].contains(named), "\(lines)")
    let report = try await arguments.verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
  }

  @Test func anAnswerThatIsNoTokenErrorKeepsTheDefaultToken() {
    var cassette = Self.cassette(subcode: nil, message: "x")
    cassette.interactions[0].response = HTTPResponse(status: 200, body: Array(#"{"id":"1"}"#.utf8))
    #expect(
      VerifyArguments().mapping(for: cassette).lines == [
        "<ACCESS_TOKEN_1> sent as the emulator's default test token CAAEmuAlice"
      ])
  }

  @Test func onlyAnExpiryMessageIsVolatile() async throws {
    // Another 190 with another message still drifts on the message.
    let cassette = Self.cassette(
      subcode: 467, message: "Error validating access token: something else entirely.")
    let report = try await VerifyArguments().verify(cassette)
    #expect(report.hasDrift)
    #expect(report.text.contains("body error.message"), "\(report.text)")
  }
}
