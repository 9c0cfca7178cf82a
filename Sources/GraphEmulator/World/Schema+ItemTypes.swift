/// The type of an edge's items, read from the schemas' edges: what a recording of an edge
/// holds (`graph-explorer world --from`). Edges Graph has that the emulator does not serve are
/// declared here with theirs.
extension Schema {
  /// Edges of Graph's reference the emulator does not serve, with the type their items are
  /// stored as: a group's `members` and an event's `maybe` list people; a person's `tagged`,
  /// `home` and `links` (v1.0's Link objects, which are posts of type `link`) list posts; a
  /// business person's `adaccounts` lists ad accounts.
  static let unservedEdges: [String: NodeType] = [
    "members": .user, "maybe": .user, "tagged": .post, "home": .post, "links": .post,
    "adaccounts": .adaccount,
  ]
}

extension NodeType {
  /// The type of the items of edge `name` on a node of type `owner`: the owner's schema's edge
  /// when it has one, else the first type's (in `allCases` order) that has an edge of that
  /// name (a person's `likes`, pages, before a post's, people), else `Schema.unservedEdges`'.
  public static func itemType(ofEdge name: String, on owner: NodeType? = nil) -> NodeType? {
    if let owner, let edge = Schema.of(owner).edge(name) { return edge.target }
    for type in allCases {
      if let edge = Schema.of(type).edge(name) { return edge.target }
    }
    return Schema.unservedEdges[name]
  }

  /// The edge of a node of type `owner` whose count its stored field `field` keeps (a
  /// comment's `like_count` counts its `likes`; `Schema.Edge.count`), if any.
  public static func edge(countedBy field: String, on owner: NodeType) -> String? {
    guard countFields.contains(field) else { return nil }
    return Schema.of(owner).edges.first { $0.count == field }?.name
  }

  /// Every field that keeps an edge's count, on any type.
  public static let countFields: Set<String> = Set(
    allCases.flatMap { Schema.of($0).edges.compactMap(\.count) })
}
