import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Issue 42: a world's other apps (`apps`, written by `world --from` for a recording of two
/// apps' tokens): each answers its own `client_credentials` exchange with its own app token,
/// and an unversioned call with that token is served at its own default version.
@Suite struct WorldAppsTests {
  static let other = "121500000000001"

  static func world(apps: JSONValue) throws -> World {
    guard case .object(var root) = World.default.jsonValue else { return .default }
    root["apps"] = apps
    return try World(json: JSONValue.object(root).prettyText)
  }

  @Test func anotherAppMintsItsTokenServedAtItsVersion() throws {
    let world = try Self.world(apps: [
      [
        "id": .string(Self.other), "name": "Old", "secret": "othersecret",
        "default_version": "v1.0",
      ]
    ])
    #expect(world.otherApps.map(\.id) == [Self.other])
    #expect(try World(json: world.jsonValue.prettyText).jsonValue == world.jsonValue)
    let emulator = GraphEmulator(world: world)
    let exchange = call(
      emulator,
      "oauth/access_token?client_id=\(Self.other)&client_secret=othersecret"
        + "&grant_type=client_credentials", token: nil)
    let token = QueryItems(parsing: exchange.text)["access_token"] ?? ""
    #expect(token.hasPrefix(Self.other + "|"), "\(exchange.text)")
    let refused = call(emulator, "\(Self.other)/permissions", token: token)
    #expect(refused.json?["error"]?["code"] == 100, "\(refused.text)")
    #expect(refused.headers["facebook-api-version"] == "v1.0")
    let listed = call(emulator, "v2.2/\(Self.other)/permissions", token: token)
    #expect(listed.json?["data"]?.arrayValue?.isEmpty == false, "\(listed.text)")
    // The world's own app is as it was; a wrong secret for the other app is refused.
    let wrong = call(
      emulator,
      "oauth/access_token?client_id=\(Self.other)&client_secret=\(world.app.secret)"
        + "&grant_type=client_credentials", token: nil)
    #expect(wrong.json?["error"]?["message"] == "Error validating client secret.")
    #expect(call(emulator, "me").headers["facebook-api-version"] == "v2.2")
  }

  @Test func aBadAppSaysWhere() {
    #expect(throws: EmulatorError.self) { try Self.world(apps: [["id": "x1"]]) }
    #expect(throws: EmulatorError.self) {
      try Self.world(apps: [["id": .string(World.default.app.id)]])
    }
    #expect(throws: EmulatorError.self) {
      try Self.world(apps: [["id": "123", "default_version": "v9.9"]])
    }
    do {
      _ = try Self.world(apps: "x")
      Issue.record("accepted apps that are no list")
    } catch {
      #expect("\(error)" == "world: $.apps: expected an array of apps, found string")
    }
  }
}
