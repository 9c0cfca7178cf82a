/// The schema as a version has it: edges a `VersionRule` removed are gone (each edge declares
/// its rules: `Schema.Edge.appears`, `gone`, `goneError`).
extension Schema {
  /// The edge `name` at `version`; `nil` when there is none or a rule removed it.
  func edge(_ name: String, at version: GraphVersion) -> Edge? {
    guard let edge = edge(name), edge.exists(at: version) else { return nil }
    return edge
  }

  /// The edges at `version`, in schema order.
  func edges(at version: GraphVersion) -> [Edge] {
    edges.filter { $0.exists(at: version) }
  }

  /// The error Graph gave for an edge a rule removed with a message of its own (a user's
  /// `checkins` from v2.0 is (#12)); `nil` when the edge is there or gone without one.
  func removalError(ofEdge name: String, at version: GraphVersion) -> GraphError? {
    guard let edge = edge(name), !edge.exists(at: version) else { return nil }
    return edge.goneError
  }
}
