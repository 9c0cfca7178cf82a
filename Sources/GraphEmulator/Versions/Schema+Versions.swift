/// The schema as a version has it: edges a `VersionRule` removed are gone.
extension Schema {
  /// The edge `name` at `version`; `nil` when there is none or a rule removed it.
  func edge(_ name: String, at version: GraphVersion) -> Edge? {
    guard let edge = edge(name) else { return nil }
    if edge.name == "statuses", version.follows(.statusesEdgeGone) { return nil }
    if edge.name == "checkins", version.follows(.checkinsEdgeGone) { return nil }
    if edge.name == "tagged_places", !version.follows(.taggedPlacesEdge) { return nil }
    if edge.name == "reactions", !version.follows(.reactionsEdge) { return nil }
    return edge
  }

  /// The edges at `version`, in schema order.
  func edges(at version: GraphVersion) -> [Edge] {
    edges.filter { edge($0.name, at: version) != nil }
  }

  /// The error Graph gave for an edge a rule removed with a message of its own (a user's
  /// `checkins` from v2.0 is (#12)); `nil` when the edge is there or gone without one.
  func removalError(ofEdge name: String, at version: GraphVersion) -> GraphError? {
    if name == "checkins", edge(name) != nil, version.follows(.checkinsEdgeGone) {
      return .checkinsDeprecated
    }
    return nil
  }
}
