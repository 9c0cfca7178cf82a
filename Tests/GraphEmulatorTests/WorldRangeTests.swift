import GraphJSON
import Testing

@testable import GraphEmulator

/// A world file's clock and token expiries are Unix times the emulator does date arithmetic
/// on: one past year 9999 (or before 1970) is a one-line error naming the field, never an
/// overflow trap later.
@Suite struct WorldRangeTests {
  static func world(clock: JSONValue? = nil, expiresAt: JSONValue? = nil) -> String {
    var root = World.default.jsonValue.objectValue!
    if let clock { root["clock"] = clock }
    if let expiresAt, var tokens = root["tokens"]?.arrayValue, var first = tokens[0].objectValue {
      first["expires_at"] = expiresAt
      tokens[0] = .object(first)
      root["tokens"] = .array(tokens)
    }
    return JSONValue.object(root).prettyText
  }

  @Test(arguments: ["9223372036854775807", "-9223372036854775808", "1e300", "253402300800"])
  func clocksOutOfRangeAreRefused(text: String) throws {
    let value = try JSONParser.parse(text)
    #expect {
      try World(json: Self.world(clock: value))
    } throws: { error in
      (error as? EmulatorError)?.description
        == "world: $.clock: \(text) is not a Unix time from 0 to 253402300799 (year 9999)"
    }
    #expect {
      try World(json: Self.world(expiresAt: value))
    } throws: { error in
      (error as? EmulatorError)?.description
        == "world: $.tokens[0].expires_at: \(text) is not a Unix time from 0 to 253402300799 (year 9999)"
    }
  }

  @Test func clocksInRangeLoad() throws {
    let world = try World(json: Self.world(clock: .number(JSONNumber(253_402_300_799))))
    #expect(world.clock == 253_402_300_799)
  }
}
