import GraphAPI
import Testing

@testable import GraphEmulator

/// The answer memo gives exactly the answers the emulator gives without it (trace ids
/// included: they follow the request count), across writes, expiring tokens, throttling,
/// errors and resets.
@Suite struct AnswerMemoTests {
  static func world() -> World {
    var world = World.default
    let alice = world.tokens[world.defaultToken]!
    world.tokens["CAAEmuSoon"] = TokenRecord(
      token: "CAAEmuSoon", kind: .user, userID: alice.userID, scopes: alice.scopes,
      expiresAt: world.clock + 8)
    return world
  }

  /// One step of a session: a request, or something done to the emulator itself.
  enum Step {
    case send(
      String, method: String = "GET", token: String? = "CAAEmuAlice", form: [(String, String)] = [])
    case throttle(Int?)
    case reset
  }

  static let session: [Step] = {
    var steps: [Step] = []
    for _ in 0..<3 { steps.append(.send("me?fields=id,name")) }
    for _ in 0..<2 { steps.append(.send("v2.0/me")) }
    let publish = "CAAEmuAlicePublish"
    steps.append(.send("me/feed", token: publish))
    steps.append(.send("me/feed", token: publish))
    steps.append(.send("me/feed", method: "POST", token: publish, form: [("message", "memo")]))
    for _ in 0..<2 { steps.append(.send("me/feed", token: publish)) }
    for _ in 0..<12 { steps.append(.send("me?fields=id,name", token: "CAAEmuSoon")) }
    for _ in 0..<2 { steps.append(.send("me", token: "CAAEmuNotAToken")) }
    for _ in 0..<2 { steps.append(.send("me?fields=id,name", token: nil)) }
    steps.append(.throttle(3))
    for _ in 0..<5 { steps.append(.send("me?fields=id,name")) }
    steps.append(.throttle(nil))
    for _ in 0..<2 { steps.append(.send("me?fields=id,name")) }
    steps.append(.send("me", method: "POST", form: [("name", "Alice Memo")]))
    for _ in 0..<2 { steps.append(.send("me?fields=id,name")) }
    for _ in 0..<2 { steps.append(.send("me?fields=id,name&method=post&name=Alice%20Again")) }
    for _ in 0..<2 { steps.append(.send("me?fields=id,name")) }
    steps.append(.send("me/permissions/user_likes", method: "DELETE"))
    for _ in 0..<2 { steps.append(.send("me/permissions")) }
    steps.append(.reset)
    for _ in 0..<2 { steps.append(.send("me?fields=id,name")) }
    for _ in 0..<2 { steps.append(.send("me?fields=id,name&suppress_http_code=1", token: "bad")) }
    return steps
  }()

  static func run(memo: Bool) -> [HTTPResponse] {
    let emulator = GraphEmulator(world: world())
    emulator.answerMemoEnabled = memo
    var answers: [HTTPResponse] = []
    for step in session {
      switch step {
      case .send(let path, let method, let token, let form):
        var url = "https://graph.facebook.com/" + path
        if let token { url += (url.contains("?") ? "&" : "?") + "access_token=" + token }
        var request = HTTPRequest(method: method, url: url)
        if !form.isEmpty {
          request.headers["Content-Type"] = "application/x-www-form-urlencoded"
          request.body = Array(
            QueryItems(form.map { .init(name: $0.0, value: $0.1) }).formEncoded.utf8)
        }
        answers.append(emulator.answer(request))
      case .throttle(let rate): emulator.setThrottle(callsPerMinute: rate)
      case .reset: emulator.reset()
      }
    }
    return answers
  }

  @Test func answersAreTheSameWithAndWithoutTheMemo() {
    let plain = Self.run(memo: false)
    let memo = Self.run(memo: true)
    #expect(plain.count == memo.count)
    for (index, (a, b)) in zip(plain, memo).enumerated() {
      #expect(a == b, "answer \(index): \(a.bodyText) / \(b.bodyText)")
    }
    // The expiring token's reads turn into 190/463 after its expiry, with and without.
    #expect(plain.contains { $0.bodyText.contains("\"error_subcode\":463") })
    // The post was written, and read back after the write.
    #expect(plain.contains { $0.bodyText.contains("\"message\":\"memo\"") })
  }

  @Test func aRepeatedReadIsKeptAndAWriteDropsIt() {
    let emulator = GraphEmulator()
    let publish = "CAAEmuAlicePublish"
    let first = call(emulator, "me?fields=id,name")
    let second = call(emulator, "me?fields=id,name")
    #expect(emulator.answerMemoCount == 1)
    #expect(first.text == second.text)
    #expect(first.headers["x-fb-trace-id"] != second.headers["x-fb-trace-id"])
    _ = call(emulator, "me/feed", token: publish)
    _ = call(emulator, "me/feed", token: publish)
    let posted = call(
      emulator, "me/feed", method: "POST", token: publish, form: [("message", "Memo post")])
    #expect(posted.status == 200)
    #expect(call(emulator, "me/feed", token: publish).text.contains("Memo post"))
  }

  @Test func largeAnswersAreNotKept() throws {
    let emulator = GraphEmulator(world: try .generated(people: 2_000, friends: 1_999))
    let answer = call(emulator, "me/friends?limit=1999", token: "CAAEmuUser0")
    #expect(answer.text.utf8.count > AnswerMemo.largestAnswer)
    _ = call(emulator, "me/friends?limit=1999", token: "CAAEmuUser0")
    #expect(emulator.answerMemoCount == 0)
  }

  @Test func answersReadingTheClockAreNotKept() {
    let emulator = GraphEmulator()
    _ = call(emulator, "debug_token?input_token=CAAEmuAlice")
    _ = call(emulator, "debug_token?input_token=CAAEmuAlice")
    #expect(emulator.answerMemoCount == 0)
  }
}
