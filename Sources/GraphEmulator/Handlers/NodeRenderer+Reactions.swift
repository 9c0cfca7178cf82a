import GraphJSON

/// A post's `reactions` edge (v2.6, `VersionRule.reactionsEdge`) and the `summary` modifier as
/// Graph reads it (`summary(true)`, or the summary fields named: `summary(total_count)`).
/// The world keeps likes, not reactions: every like is a `LIKE` reaction **[choice]**.
extension NodeRenderer {
  /// Whether `summary` asks for one: `true`, `1` or summary field names.
  static func asksSummary(_ values: [String]?) -> Bool {
    guard let values, !values.isEmpty else { return false }
    return values != ["false"] && values != ["0"]
  }

  /// The likes a `type` keeps: all for `LIKE` or no type, none for any other type.
  func reactions(_ likes: EdgeList, type: String?) -> EdgeList {
    guard let type = type?.uppercased() else { return likes }
    return type == "LIKE" ? likes : EdgeList()
  }

  /// A reaction item: the person and the reaction's type.
  func reactionItem(_ node: Node) -> JSONObject {
    var out = JSONObject()
    out.append("id", .string(node.id))
    if let name = node.fields["name"] { out.append("name", name) }
    out.append("type", "LIKE")
    return out
  }

  /// `summary`: `total_count`, and for reactions the viewer's own (`viewer_reaction`, unless
  /// only `total_count` is asked).
  func summaryObject(edge: Schema.Edge, ids: EdgeList, total: Int, asked: [String])
    -> JSONObject
  {
    var out = JSONObject()
    out.append("total_count", .number(JSONNumber(total)))
    if edge.name == "reactions", asked != ["total_count"] {
      let mine = viewer.userID.map { ids.contains($0) } ?? false
      out.append("viewer_reaction", mine ? "LIKE" : "NONE")
    }
    return out
  }
}
