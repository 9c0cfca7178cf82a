import GraphAPI
import GraphJSON

/// Comments and likes on posts, photos and check-ins, and likes on comments (Graph's publishing
/// reference; the iOS SDK integration book lists publishing and deleting as what the Graph API
/// offers).
extension Router {
  /// `POST <object>/comments` with `message` → `{"id":"<OBJECT>_<COMMENT>"}`.
  mutating func comment(on target: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    let user = try writer(viewer, needs: ["publish_actions", "publish_stream"], call: call)
    guard let message = call["message"], !message.isEmpty else {
      throw .parameter("Missing message")
    }
    let bytes = try WriteBudget.texts(["message"], of: call)
    try state.mutate { contents throws(GraphError) in
      try contents.written.admit(bytes: bytes, objects: 1)
    }
    let local = target.id.split(separator: "_").last.map(String.init) ?? target.id
    let id = "\(local)_\(state.mutate { $0.newID() })"
    let comment = node(
      id, .comment,
      [
        ("from", reference(user)), ("message", .string(message)),
        ("created_time", .string(GraphClock.iso(state.now))), ("like_count", 0),
      ])
    state.mutate { contents in
      contents.world.insert(comment)
      contents.world.link(target.id, "comments", id)
    }
    return try created(id, call: call, viewer: viewer)
  }

  /// `POST <object>/likes` (or `DELETE`) on a post, photo, check-in or comment: the viewer
  /// likes (or unlikes) the object; answered like a delete (`true` up to v2.0,
  /// `{"success":true}` from v2.1). Liking twice or unliking what was not liked changes
  /// nothing and answers the same **[choice]**. A count the edge declares (a comment's
  /// `like_count`) moves with it. From v2.9 a person's token is refused with (#3)
  /// (`VersionRule.likesNeedPageToken`); a Page's token likes as the Page.
  mutating func like(_ target: Node, call: GraphCall, viewer: Viewer, adding: Bool)
    throws(GraphError) -> Outcome
  {
    let user = try writer(viewer, needs: ["publish_actions", "publish_stream"], call: call)
    if viewer.pageID == nil, call.version.follows(.likesNeedPageToken) {
      throw .likesNeedPageToken
    }
    let likes = state.world.edge(target.id, "likes")
    guard likes.contains(user.id) != adding else { return deleted(call) }
    let counted = Schema.of(target.type).edge("likes")?.count
    state.mutate { contents in
      if adding {
        contents.world.link(target.id, "likes", user.id)
      } else {
        contents.world.edges[target.id]?["likes"] = likes.filter { $0 != user.id }
      }
      if let counted, var node = contents.world.nodes[target.id] {
        let before = node.fields[counted]?.numberValue?.intValue ?? 0
        node.fields[counted] = .number(JSONNumber(max(0, before + (adding ? 1 : -1))))
        contents.world.nodes[target.id] = node
      }
    }
    return deleted(call)
  }
}
