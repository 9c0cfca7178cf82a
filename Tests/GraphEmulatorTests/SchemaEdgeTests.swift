import GraphAPI
import Testing

@testable import GraphEmulator

/// Issue 46: an edge is declared once, in `Schema`, with the version rules that add or remove
/// it and the type of its items; the version gating, `world --from` and the REPL read that
/// declaration instead of comparing edge names.
@Suite struct SchemaEdgeTests {
  static let schemas = NodeType.allCases.map { ($0, Schema.of($0)) }

  /// Every rule about an edge (named `...Edge` or `...EdgeGone`) is declared on an edge.
  @Test func everyEdgeRuleIsDeclaredOnAnEdge() {
    let edges = Self.schemas.flatMap(\.1.edges)
    for rule in VersionRule.allCases where rule.rawValue.contains("Edge") {
      let declaring = edges.filter { $0.appears == rule || $0.gone == rule }
      #expect(declaring.count == 1, "\(rule) is declared on \(declaring.map(\.name))")
    }
  }

  /// How an edge lists an item without `fields` is declared on the edge, not worked out from
  /// its name by the renderer: a person's Pages liked and managed, places and reactions, and
  /// every `likes` edge (people compact, a Page with its category).
  @Test func anEdgeDeclaresHowItListsItsItems() throws {
    let user = Schema.of(.user)
    #expect(user.edge("likes")?.item == .likedPage)
    #expect(user.edge("accounts")?.item == .managedPage)
    #expect(user.edge("tagged_places")?.item == .placeTag)
    #expect(user.edge("friends")?.item == .compact)
    #expect(Schema.of(.post).edge("reactions")?.item == .reaction)
    for (type, schema) in Self.schemas {
      for edge in schema.edges where edge.name == "likes" {
        #expect(edge.item == .likedPage, "\(type).likes")
      }
    }
  }

  @Test func anEdgeIsThereBetweenItsRules() throws {
    let user = Schema.of(.user)
    #expect(user.edge("tagged_places", at: .v1_0) == nil)
    #expect(user.edge("tagged_places", at: .v2_0)?.storedName == "checkins")
    #expect(user.edge("statuses", at: .v2_3) != nil)
    #expect(user.edge("statuses", at: .v2_4) == nil)
    #expect(user.removalError(ofEdge: "statuses", at: .v2_4) == nil)
    #expect(user.removalError(ofEdge: "checkins", at: .v1_0) == nil)
    #expect(user.removalError(ofEdge: "checkins", at: .v2_0) == .checkinsDeprecated)
    #expect(Schema.of(.post).edge("reactions", at: GraphVersion(major: 2, minor: 5)) == nil)
    #expect(Schema.of(.post).edge("reactions", at: .v2_6) != nil)
    for (type, schema) in Self.schemas {
      for version in [GraphVersion.v1_0, .v2_0, .v2_4, .v2_6] {
        #expect(
          schema.edges(at: version).map(\.name)
            == schema.edges.filter { $0.exists(at: version) }.map(\.name), "\(type)")
      }
    }
  }

  /// The items' type comes from the owner's schema (a post's `likes` are people, a person's
  /// are Pages; a person's `accounts` are Pages), then from the edges the emulator does not
  /// serve (`links`: v1.0's Link objects, posts).
  @Test func anEdgesItemsHaveTheTypeTheSchemaDeclares() {
    #expect(NodeType.itemType(ofEdge: "likes", on: .post) == .user)
    #expect(NodeType.itemType(ofEdge: "likes", on: .user) == .page)
    #expect(NodeType.itemType(ofEdge: "likes") == .page)
    #expect(NodeType.itemType(ofEdge: "accounts") == .page)
    #expect(NodeType.itemType(ofEdge: "links") == .post)
    #expect(NodeType.itemType(ofEdge: "adgroups") == .ad)
    #expect(NodeType.itemType(ofEdge: "members") == .user)
    #expect(NodeType.itemType(ofEdge: "nonsense") == nil)
    for (type, schema) in Self.schemas {
      for edge in schema.edges {
        #expect(NodeType.itemType(ofEdge: edge.name, on: type) == edge.target)
        #expect(Schema.unservedEdges[edge.name] == nil, "\(edge.name) is served")
      }
    }
  }
}
