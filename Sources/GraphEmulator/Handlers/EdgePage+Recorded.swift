/// Paging as the recording a world was made from shows it (`RecordedPaging`), over the
/// emulator's rules for the version.
extension World {
  /// Whether `edge` is paged by offset at `version`: friends before v2.0
  /// (`VersionRule.friendsPagedByCursor`), and an edge the recording showed paged so.
  func pagesByOffset(_ edge: String, at version: GraphVersion) -> Bool {
    (edge == "friends" && !version.follows(.friendsPagedByCursor))
      || paging.edges[edge]?.byOffset == true
  }

  /// The page size of a top-level `edge` read that asks none: the recorded one, else 5000 for
  /// friends by offset (v1.0), else Graph's 25.
  func defaultLimit(_ edge: String, at version: GraphVersion) -> Int {
    if let limit = paging.edges[edge]?.limit { return limit }
    return RecordedPaging.ruleLimit(byOffset: pagesByOffset(edge, at: version))
  }
}

extension NodeRenderer {
  /// The call paging links are written for: a call without a version in its path names the
  /// version that served it when the recording's links did (`RecordedPaging.versionedLinks`;
  /// at v1.0 too, as a v1.0 app's links did once v2.0 was out).
  var linkCall: GraphCall {
    guard call.explicitVersion == nil, world.paging.versionedLinks else {
      return call
    }
    var named = call
    named.explicitVersion = call.version
    return named
  }
}
