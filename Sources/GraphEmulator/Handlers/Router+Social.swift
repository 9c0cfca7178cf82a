import GraphAPI
import GraphJSON

/// Comments and likes on posts, photos and check-ins (Graph's publishing reference; the book of
/// the iOS SDK integration book lists publishing and deleting as what the Graph API offers).
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

  /// `POST <object>/likes` (or `DELETE`): the viewer likes (or unlikes) the object; answered
  /// like a delete (`true` up to v2.0, `{"success":true}` from v2.1).
  mutating func like(_ target: Node, call: GraphCall, viewer: Viewer, adding: Bool)
    throws(GraphError) -> Outcome
  {
    let user = try writer(viewer, needs: ["publish_actions", "publish_stream"], call: call)
    let likes = state.world.edge(target.id, "likes")
    if adding && !likes.contains(user.id) {
      state.mutate { $0.world.link(target.id, "likes", user.id) }
    } else if !adding {
      state.mutate { $0.world.edges[target.id]?["likes"] = likes.filter { $0 != user.id } }
    }
    return deleted(call)
  }
}
