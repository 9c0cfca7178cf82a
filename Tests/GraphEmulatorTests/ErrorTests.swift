import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Issue 2 §4 and issue 3: each error case gives the documented body, status and headers.
struct ErrorCase: Sendable, CustomStringConvertible {
  var path: String
  var token: String?
  var method = "GET"
  var status = 400
  var body: String
  var challenge: String?
  var description: String { "\(method) \(path)" }
}

let errorCases: [ErrorCase] = [
  ErrorCase(
    path: "me", token: nil,
    body:
      #"{"error":{"message":"An active access token must be used to query information about the current user.","type":"OAuthException","code":2500,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "me/foo", token: "CAAEmuAlice",
    body:
      #"{"error":{"message":"Unknown path components: /foo","type":"OAuthException","code":2500,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "me", token: "CAAEmuNoSuchToken",
    body:
      #"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me?fields=foo", token: "CAAEmuAlice",
    body:
      #"{"error":{"message":"(#100) Tried accessing nonexisting field (foo) on node type (User)","type":"OAuthException","code":100,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "123456789", token: "CAAEmuAlice",
    body:
      #"{"error":{"message":"Unsupported get request. Object with ID '123456789' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api","type":"GraphMethodException","code":100,"error_subcode":33,"fbtrace_id":"TRACE"}}"#
  ),
  ErrorCase(
    path: "_12345", token: "CAAEmuAlice", status: 404,
    body:
      #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: _12345","type":"OAuthException","code":803,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "100001000000002", token: nil,
    body:
      #"{"error":{"message":"An access token is required to request this resource.","type":"OAuthException","code":104,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "CAAEmuAliceExpired",
    body:
      #"{"error":{"message":"Error validating access token: Session has expired on Monday, 13-Oct-14 02:00:00 PDT. The current time is Wednesday, 15-Oct-14 05:00:01 PDT.","type":"OAuthException","code":190,"error_subcode":463,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "CAAEmuAlicePasswordChanged",
    body:
      #"{"error":{"message":"Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.","type":"OAuthException","code":190,"error_subcode":460,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "CAAEmuAliceLoggedOut",
    body:
      #"{"error":{"message":"Error validating access token: The session is invalid because the user logged out.","type":"OAuthException","code":190,"error_subcode":467,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "CAAEmuKofi",
    body:
      #"{"error":{"message":"Error validating access token: User 100001000000011 has not authorized application 233936543368280.","type":"OAuthException","code":190,"error_subcode":458,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "CAAEmu!malformed",
    body:
      #"{"error":{"message":"Malformed access token CAAEmu!malformed","type":"OAuthException","code":190,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_token"),
  ErrorCase(
    path: "me", token: "233936543368280|EmuAppToken",
    body:
      #"{"error":{"message":"An active access token must be used to query information about the current user.","type":"OAuthException","code":2500,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "v2.0/alice.whitfield", token: "CAAEmuAlice", status: 404,
    body:
      #"{"error":{"message":"(#803) Cannot query users by their username (alice.whitfield)","type":"OAuthException","code":803,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
  ErrorCase(
    path: "?ids=me,nobody", token: "CAAEmuAlice", status: 404,
    body:
      #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: nobody","type":"OAuthException","code":803,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request"),
]

@Test(arguments: errorCases)
func errorAnswer(_ c: ErrorCase) throws {
  let emulator = GraphEmulator()
  let answer = call(emulator, c.path, method: c.method, token: c.token)
  let trace = try #require(answer.headers["x-fb-trace-id"])
  #expect(trace.count == 11)
  #expect(answer.status == c.status)
  #expect(answer.text == c.body.replacingOccurrences(of: "TRACE", with: trace))
  #expect(answer.headers["Content-Type"] == "application/json; charset=UTF-8")
  #expect(answer.headers["facebook-api-version"] != nil)
  let message = answer.json?["error"]?["message"]?.stringValue ?? ""
  #expect(
    answer.headers["WWW-Authenticate"]
      == c.challenge.map { "OAuth \"Facebook Platform\" \"\($0)\" \"\(message)\"" })
}

@Test func traceIDsAreDeterministicAndDistinct() {
  let a = GraphEmulator()
  let b = GraphEmulator()
  let first = (0..<5).map { _ in call(a, "me", token: nil).headers["x-fb-trace-id"] ?? "" }
  let second = (0..<5).map { _ in call(b, "me", token: nil).headers["x-fb-trace-id"] ?? "" }
  #expect(first == second)
  #expect(Set(first).count == 5)
}

/// The errors that need some state first (506, 17, 4), checked as fully as the table above.
@Test func statefulErrorsHaveFullBodiesAndHeaders() {
  func expectFull(_ answer: Answer, status: Int, body: String, challenge: String?) {
    let trace = answer.headers["x-fb-trace-id"] ?? ""
    #expect(answer.status == status)
    #expect(answer.text == body.replacingOccurrences(of: "TRACE", with: trace))
    #expect(answer.headers["Content-Type"] == "application/json; charset=UTF-8")
    let message = answer.json?["error"]?["message"]?.stringValue ?? ""
    #expect(
      answer.headers["WWW-Authenticate"]
        == challenge.map { "OAuth \"Facebook Platform\" \"\($0)\" \"\(message)\"" })
  }
  let emulator = GraphEmulator()
  let form = [("message", "Same again")]
  _ = call(emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: form)
  expectFull(
    call(emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: form),
    status: 400,
    body:
      #"{"error":{"message":"(#506) Duplicate status message","type":"OAuthException","code":506,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request")
  emulator.setThrottle(callsPerMinute: 1)
  _ = call(emulator, "me?fields=id")
  expectFull(
    call(emulator, "me?fields=id"), status: 400,
    body:
      #"{"error":{"message":"(#17) User request limit reached","type":"OAuthException","code":17,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request")
  expectFull(
    call(emulator, "100001000000002", token: "233936543368280|EmuAppToken"), status: 403,
    body:
      #"{"error":{"message":"(#4) Application request limit reached","type":"OAuthException","code":4,"fbtrace_id":"TRACE"}}"#,
    challenge: "invalid_request")
}
