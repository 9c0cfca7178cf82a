/// The schema as a version has it: edges a `VersionRule` removed are gone.
extension Schema {
  /// The edge `name` at `version`; `nil` when there is none or a rule removed it.
  func edge(_ name: String, at version: GraphVersion) -> Edge? {
    guard let edge = edge(name) else { return nil }
    if edge.name == "statuses", version.follows(.statusesEdgeGone) { return nil }
    return edge
  }

  /// The edges at `version`, in schema order.
  func edges(at version: GraphVersion) -> [Edge] {
    edges.filter { edge($0.name, at: version) != nil }
  }
}
