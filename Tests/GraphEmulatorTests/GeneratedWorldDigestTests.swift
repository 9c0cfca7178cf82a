import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Generated worlds must give the same ids, names and answers for the same seed in every
/// release, so that recordings made on them still replay: the digest of a varied session on
/// several generated worlds is pinned (taken before the worlds became computed on demand).
/// When a behaviour changes on purpose, print the new digests with `EMULATOR_PRINT_DIGEST=1`
/// and update them here.
struct GeneratedWorldDigestTests {
  struct Case: Sendable, CustomStringConvertible {
    var people: Int
    var friends: Int
    var seed: UInt64
    var hub: Int?
    var digest: String
    var description: String { "people=\(people),friends=\(friends),seed=\(seed),hub=\(hub ?? 0)" }
  }

  static let cases: [Case] = [
    Case(
      people: 1000, friends: 20, seed: 1, hub: nil,
      digest:
        "008c9e9d93ddadaa8bdb79cf9f92d265df6a99ede2b584f916d694bb07f142ff"),
    Case(
      people: 301, friends: 5, seed: 7, hub: nil,
      digest:
        "81b25f45e5a24cdf9649ee16eacf5e5d339e7ef926380a7558f5b9c3e4f8858f"),
    Case(
      people: 50, friends: 1, seed: 42, hub: nil,
      digest:
        "828607ec09deeff430794704feff1b3a23f5d9d2bff5023153e3912ce096663c"),
    Case(
      people: 4, friends: 3, seed: 3, hub: nil,
      digest:
        "bc6b345ed29a1381534a624074fc96aa951d455ea633e648f36076a97dd47e8a"),
    Case(
      people: 3000, friends: 4, seed: 1, hub: 2999,
      digest:
        "22a699f18ec7ea937d7e70a9a97756e9862b683c76051f63841678ea776cd4af"),
  ]

  /// Every answer of a session on `world`: reads, pages deep by cursor and by offset, v1.0
  /// friends' gated fields, search, a login by first name, writes, and the world file.
  static func transcript(_ world: World) -> [UInt8] {
    let emulator = GraphEmulator(world: world, secrets: .deterministic)
    var bytes: [UInt8] = []
    func add(_ text: String) { bytes += Array(text.utf8) + [10] }
    func get(
      _ path: String, method: String = "GET", token: String? = "CAAEmuUser0",
      form: [(String, String)] = []
    ) {
      let answer = call(emulator, path, method: method, token: token, form: form)
      add("\(answer.status) \(answer.text)")
    }
    let last = String(200_000_000_000_000 + world.people.count - 1)
    let middle = String(200_000_000_000_000 + world.people.count / 2)
    get("me")
    get("v1.0/me?fields=id,name,first_name,last_name,gender,locale,installed")
    get(middle)
    get(last + "?fields=name,friends.limit(3){name,gender}")
    get("me/friends")
    get("v1.0/me/friends?limit=7&fields=name,first_name,gender,locale")
    get("v2.2/\(middle)/friends?limit=2")
    get("me/friends?limit=3&offset=2&summary=true")
    get("?ids=\(middle),\(last)&fields=name")
    get("200000000000000000")
    get("search?type=user&q=a&limit=5")
    get("search?type=user&q=\(world.nodes[middle]?.string("first_name") ?? "x")&limit=50")
    // Deep pages by cursor.
    var next: String? = "https://graph.facebook.com/me/friends?limit=100"
    var pages = 0
    var token: String? = "CAAEmuUser0"
    while let url = next, pages < 40 {
      let answer = call(emulator, url, token: token)
      token = nil
      if pages % 10 == 0 || answer.json?["paging"]?["next"] == nil {
        add("\(answer.status) \(answer.text)")
      }
      next = answer.json?["paging"]?["next"]?.stringValue
      pages += 1
    }
    add("pages \(pages)")
    for person in emulator.people.prefix(5) + emulator.people.suffix(5) {
      add("\(person.id) \(person.name) \(person.username ?? "-") \(person.isTester)")
    }
    add("people \(emulator.people.count)")
    if let change = try? emulator.login("ben", permissions: ["publish_actions"]) {
      add("login \(change.userID ?? "-") \(change.userName ?? "-") \(change.token ?? "-")")
      let publish = change.token
      get("me", token: publish)
      get("me/feed", method: "POST", token: publish, form: [("message", "hello")])
      get("me/feed?fields=id,message,from", token: publish)
      get("me/friends?limit=4", token: publish)
    } else {
      add("no ben")
    }
    emulator.reset()
    get("me")
    let file = JSONPrinter(options: []).bytes(world.jsonValue)
    add("world \(Hex.encode(SHA256.hash(file)))")
    return bytes
  }

  @Test(arguments: cases)
  func generatedWorldAnswersStayTheSame(_ c: Case) throws {
    let world = try World.generated(
      people: c.people, friends: c.friends, seed: c.seed, defaultUserFriends: c.hub)
    let bytes = Self.transcript(world)
    let digest = Hex.encode(SHA256.hash(bytes))
    if ProcessInfo.processInfo.environment["EMULATOR_PRINT_DIGEST"] == "1" {
      print("generated world digest \(c): \(digest)")
      print(String(decoding: bytes.prefix(3000), as: UTF8.self))
    }
    #expect(digest == c.digest)
  }
}
