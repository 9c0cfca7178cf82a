import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The REPL's session commands (`login`, `grant`, `revoke`, `logout`, `reset`).
@Test func loginMintsATokenForThePerson() throws {
  let emulator = GraphEmulator(secrets: .deterministic)
  let session = try emulator.login("bob", permissions: ["user_photos"])
  #expect(session.state == .open)
  #expect(session.state.rawValue == "FBSessionStateOpen")
  #expect(session.userID == "100001000000002")
  #expect(session.permissions == ["public_profile", "basic_info", "user_photos"])
  let token = try #require(session.token)
  #expect(token == "CAAEmuBobZS1")
  #expect(call(emulator, "me?fields=name", token: token).json?["name"] == "Bob Okafor")
}

@Test(arguments: ["100001000000003", "chen.wei", "Chen", "chen wei"])
func loginFindsPeopleByIdUsernameOrName(_ name: String) throws {
  #expect(try GraphEmulator().login(name).userID == "100001000000003")
}

@Test func loginErrors() {
  #expect(throws: EmulatorError.unknownPerson("nobody")) { try GraphEmulator().login("nobody") }
  #expect(throws: EmulatorError.unknownPermission("fly")) {
    try GraphEmulator().login("bob", permissions: ["fly"])
  }
  #expect(throws: EmulatorError.notLoggedIn(command: "grant")) {
    try GraphEmulator().grant(["email"], token: "nope")
  }
}

@Test func loginReauthorisesARemovedApp() throws {
  let emulator = GraphEmulator()
  #expect(call(emulator, "me", token: "CAAEmuKofi").json?["error"]?["error_subcode"] == 458)
  let token = try #require(try emulator.login("kofi").token)
  #expect(call(emulator, "me?fields=id", token: token).status == 200)
}

@Test func grantRevokeLogout() throws {
  let emulator = GraphEmulator()
  let granted = try emulator.grant(["publish_actions"], token: emulator.defaultToken)
  #expect(granted.state == .openTokenExtended)
  #expect(granted.permissions.last == "publish_actions")
  let token = try #require(granted.token)
  #expect(token != emulator.defaultToken)
  let revoked = try emulator.revoke(["publish_actions"], token: token)
  #expect(revoked.token == token)
  #expect(!revoked.permissions.contains("publish_actions"))
  let post = call(emulator, "me/feed", method: "POST", token: token, form: [("message", "x")])
  #expect(post.json?["error"]?["code"] == 200)
  let closed = emulator.logout(token: token)
  #expect(closed.state == .closed)
  #expect(closed.token == nil)
}

@Test func resetRestoresTheWorldAndClock() throws {
  let emulator = GraphEmulator()
  let before = call(emulator, "me/feed?limit=1")
  _ = call(
    emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: [("message", "x")])
  _ = try emulator.login("bob")
  emulator.reset()
  #expect(emulator.tokenRecord("CAAEmuBobZS1") == nil)
  let after = call(emulator, "me/feed?limit=1")
  #expect(after.text == before.text)
  #expect(after.headers == before.headers)
}

@Test func listingsForCompletion() {
  let emulator = GraphEmulator()
  let people = emulator.people
  #expect(people.count == 69)
  #expect(people.first { $0.id == "100002768941660" }?.isTester == false)
  #expect(people.first { $0.id == "100001000000001" }?.isTester == true)
  #expect(emulator.testTokens.compactMap(\.name).contains("alice"))
  // The tokens `import` and `audit` leave alone, without building the world, are the same.
  #expect(World.defaultTestTokens == World.default.testTokens)
  #expect(World.defaultTestTokens == emulator.testTokens)
  #expect(GraphEmulator.permissionNames.contains("publish_actions"))
  #expect(emulator.defaultToken == "CAAEmuAlice")
}
