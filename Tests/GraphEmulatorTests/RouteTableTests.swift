import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The emulator's one route table: specificity decides, not the order written.
@Suite struct RouteTableTests {
  /// A table whose routes answer their own index, to see which one a path reaches.
  static func table(_ patterns: [(Set<GraphMethod>?, String, RouteCondition?)]) -> RouteTable {
    RouteTable(
      patterns.enumerated().map { index, entry in
        let handler = RouteHandler.surface { _, _ throws(GraphError) in .json(.number(.init(index)))
        }
        if let methods = entry.0 { return Route(methods, entry.1, when: entry.2, handler) }
        return Route(entry.1, when: entry.2, handler)
      })
  }

  static func reached(_ table: RouteTable, _ method: String, _ path: String) -> Int? {
    let state = EmulatorState(world: .default)
    let call = GraphCall(
      request: HTTPRequest(method: method, url: "https://graph.facebook.com/\(path)"),
      defaultVersion: .v2_2)
    guard let route = table.match(call, in: state) else { return nil }
    var router = Router(state: state)
    guard case .surface(let body) = route.handler, case .json(let value)? = try? body(&router, call)
    else { return nil }
    return value.numberValue?.intValue
  }

  @Test func literalBeatsParameterBeatsRestWhateverTheOrder() {
    let written: [(Set<GraphMethod>?, String, RouteCondition?)] = [
      (nil, ":node/**", nil), (nil, ":node/:edge", nil), (nil, ":node/feed", nil),
      (nil, "search", nil), (nil, ":node", nil),
    ]
    for table in [Self.table(written), Self.table(written.reversed())] {
      let index = { (name: String) in
        table.routes.firstIndex { $0.pattern == RouteSegment.pattern(name) }
      }
      #expect(Self.reached(table, "GET", "me/feed") == index(":node/feed"))
      #expect(Self.reached(table, "GET", "me/photos") == index(":node/:edge"))
      #expect(Self.reached(table, "GET", "me/feed/x") == index(":node/**"))
      #expect(Self.reached(table, "GET", "search") == index("search"))
      #expect(Self.reached(table, "GET", "searches") == index(":node"))
    }
  }

  @Test func aRouteThatDoesNotTakeTheMethodLeavesItToTheNextMostSpecific() {
    let table = Self.table([([.post], ":node/feed", nil), (nil, ":node/:edge", nil)])
    #expect(Self.reached(table, "POST", "me/feed") == 0)
    #expect(Self.reached(table, "GET", "me/feed") == 1)
    #expect(Self.reached(table, "PUT", "me/feed") == 1)
  }

  @Test func aConditionedRouteIsTriedBeforeAnUnconditionedOneAtTheSamePlace() {
    let table = Self.table([
      (nil, ":node/:edge", nil), (nil, ":node/:action", .namesOpenGraphAction),
    ])
    #expect(Self.reached(table, "POST", "me/emulatorapp:cook") == 1)
    #expect(Self.reached(table, "POST", "me/feed") == 0)
  }

  @Test func aLiteralBranchThatEndsNowhereBacktracksToTheParameter() {
    let table = Self.table([(nil, "dialog/oauth", nil), (nil, ":node/:edge", nil)])
    #expect(Self.reached(table, "GET", "dialog/feed") == 1)
    #expect(Self.reached(table, "GET", "dialog") == nil)
  }

  /// No two routes of the emulator's table share a place and a method unless a condition
  /// tells them apart: the order written can never decide.
  @Test func theEmulatorsTableHasNoTwoRoutesThatOnlyOrderTellsApart() {
    let routes = EmulatorRoutes.table.routes
    for (i, lhs) in routes.enumerated() {
      for rhs in routes[(i + 1)...] where lhs.pattern == rhs.pattern {
        let shared =
          lhs.methods == nil || rhs.methods == nil
          || !(lhs.methods ?? []).isDisjoint(with: rhs.methods ?? [])
        #expect(
          !shared || lhs.condition != rhs.condition,
          "\(lhs.pattern) is written twice for the same methods and condition")
      }
    }
  }

  /// A path of any length reaches an answer without recursing past the table's depth.
  @Test func aVeryLongPathIsUnknownPath() {
    let emulator = GraphEmulator()
    let path = "me/" + Array(repeating: "feed", count: 20_000).joined(separator: "/")
    let answer = call(emulator, path)
    #expect(answer.status == 400)
    #expect(answer.text.contains("Unknown path components"), "\(answer.text.prefix(200))")
  }
}
