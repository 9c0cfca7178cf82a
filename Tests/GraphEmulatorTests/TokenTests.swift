import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `debug_token` and throttling.
@Test func debugTokenOfAValidToken() {
  let answer = call(GraphEmulator(), "debug_token?input_token=CAAEmuAliceBasic")
  #expect(
    answer.text
      == #"{"data":{"app_id":"233936543368280","type":"USER","application":"Scrumptious","data_access_expires_at":1421150401,"expires_at":0,"is_valid":true,"scopes":["public_profile","basic_info"],"user_id":"100001000000001"}}"#
  )
}

@Test func debugTokenOfBadTokens() {
  let emulator = GraphEmulator()
  #expect(
    call(emulator, "debug_token?input_token=garbage").text
      == #"{"data":{"error":{"code":190,"message":"Invalid OAuth access token."},"is_valid":false,"scopes":[]}}"#
  )
  let kofi = call(emulator, "debug_token?input_token=CAAEmuKofi").json?["data"]
  #expect(kofi?["is_valid"] == false)
  #expect(kofi?["error"]?["subcode"] == 458)
  #expect(call(emulator, "debug_token").json?["error"]?["code"] == 100)
  #expect(call(emulator, "debug_token?input_token=x", token: nil).json?["error"]?["code"] == 104)
}

@Test func throttlingClimbsTo100ThenFails() {
  let emulator = GraphEmulator()
  emulator.setThrottle(callsPerMinute: 3)
  let usages = (0..<3).map { _ in call(emulator, "me?fields=id").headers["x-app-usage"] ?? "" }
  #expect(
    usages == [
      #"{"call_count":33,"total_cputime":16,"total_time":16}"#,
      #"{"call_count":66,"total_cputime":33,"total_time":33}"#,
      #"{"call_count":100,"total_cputime":50,"total_time":50}"#,
    ])
  let user = call(emulator, "me?fields=id")
  #expect(user.status == 400)
  #expect(user.json?["error"]?["message"] == "(#17) User request limit reached")
  let app = call(emulator, "100001000000002", token: "233936543368280|EmuAppToken")
  #expect(app.status == 403)
  #expect(app.json?["error"]?["message"] == "(#4) Application request limit reached")
  #expect(app.headers["x-app-usage"] == #"{"call_count":100,"total_cputime":50,"total_time":50}"#)
  emulator.setThrottle(callsPerMinute: nil)
  #expect(call(emulator, "me?fields=id").status == 200)
}

@Test(arguments: [3, 100])
func throttleWindowReopensAfterAMinute(_ limit: Int) {
  let emulator = GraphEmulator()
  emulator.setThrottle(callsPerMinute: limit)
  var statuses: [Int] = []
  for _ in 0..<(limit + 61) { statuses.append(call(emulator, "me?fields=id").status) }
  #expect(statuses.prefix(limit).allSatisfy { $0 == 200 })
  #expect(statuses.dropFirst(limit).prefix(60).allSatisfy { $0 == 400 })
  #expect(statuses.last == 200)
}

@Test func throttleRates() throws {
  #expect(try GraphEmulator.throttleRate(parsing: "5/min") == 5)
  #expect(try GraphEmulator.throttleRate(parsing: "120") == 120)
  #expect(throws: EmulatorError.invalidThrottle("0/min")) {
    try GraphEmulator.throttleRate(parsing: "0/min")
  }
  #expect(throws: EmulatorError.invalidThrottle("fast")) {
    try GraphEmulator.throttleRate(parsing: "fast")
  }
}

@Test func aThrottledWriteDoesNothing() {
  let emulator = GraphEmulator()
  emulator.setThrottle(callsPerMinute: 1)
  _ = call(emulator, "me?fields=id")
  let post = call(
    emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: [("message", "x")])
  #expect(post.json?["error"]?["code"] == 17)
  emulator.setThrottle(callsPerMinute: nil)
  #expect(call(emulator, "me/feed?limit=100&fields=id").json?["data"]?.arrayValue?.count == 42)
}

/// `Viewer.isClientToken` answers as comparing with `"APP_ID|CLIENT"` as a `String` does,
/// ASCII or not (the Kelvin sign is canonically the letter K).
@Test func clientTokensAreComparedAsStringsAre() {
  let apps = ["145634995501895", "1", "", "K1", "é"]
  let clients = ["abc123", "", "K", "e\u{301}", "x|y"]
  let tokens = [
    "145634995501895|abc123", "145634995501895|abc12", "145634995501895abc123",
    "145634995501895|abc1234", "1|", "|", "", "K1|K", "\u{212A}1|\u{212A}", "é|e\u{301}",
    "e\u{301}|é", "1|x|y", "1|x|z", "145634995501895|ABC123",
  ]
  for app in apps {
    for client in clients {
      for token in tokens + ["\(app)|\(client)"] {
        #expect(
          Viewer.isClientToken(token, app: app, client: client) == (token == "\(app)|\(client)"),
          "\(token) against \(app)|\(client)")
      }
    }
  }
}
