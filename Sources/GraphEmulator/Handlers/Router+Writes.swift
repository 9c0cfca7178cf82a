import GraphAPI
import GraphJSON

/// Writes: feed posts, photo uploads, check-ins, deletes and permission removal
/// (reference, "Requests" and "Permissions in the seeds' era"; seeds 003 and 004).
extension Router {
  /// Who a write acts for: the Page of a Page token (which needs a Page publishing
  /// permission), else the user, with one of `permissions` (else 200 naming the first). From
  /// v3.0 a user's write that needed `publish_actions` is refused as deprecated.
  func writer(_ viewer: Viewer, needs permissions: [String], call: GraphCall) throws(GraphError)
    -> Node
  {
    if let pageID = viewer.pageID, let page = state.world.nodes[pageID] {
      guard Self.pagePublishing.contains(where: viewer.has) else {
        throw .requiresPermission(Self.pagePublishing[0])
      }
      return page
    }
    if viewer.userID != nil, permissions.contains("publish_actions"),
      call.version.follows(.publishActionsGone)
    {
      throw .publishActionsDeprecated
    }
    guard let id = viewer.userID, let user = state.world.nodes[id] else {
      throw .requiresPermission(permissions[0])
    }
    guard permissions.contains(where: viewer.has) else {
      throw .requiresPermission(permissions[0])
    }
    return user
  }

  var application: JSONValue {
    [
      "name": .string(state.world.app.name), "namespace": .string(state.world.app.namespace),
      "id": .string(state.world.app.id),
    ]
  }

  /// The answer to a create: `{"id"}` (plus extra members), or the asked `fields=` of it.
  func created(_ id: String, extra: [(String, JSONValue)] = [], call: GraphCall, viewer: Viewer)
    throws(GraphError) -> Outcome
  {
    if let selection = try selection(call), let node = state.world.nodes[id] {
      return .json(.object(try renderer(call, viewer).render(node, selection: selection)))
    }
    var out = JSONObject()
    out.append("id", .string(id))
    for (key, value) in extra { out.append(key, value) }
    return .json(.object(out))
  }

  /// `POST me/feed` with message, link, name, caption, description, picture (the feed-posting request-wrapper tutorial).
  mutating func publishPost(on owner: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    if owner.type == .user, call.version.follows(.publishActionsGone) {
      throw .publishActionsDeprecated
    }
    let user = try writer(viewer, needs: ["publish_actions", "publish_stream"], call: call)
    guard owner.id == user.id || !call.version.follows(.otherPeoplesFeedRefused) else {
      throw .permissionError(
        "(#200) Feed story publishing to other users is disabled for this application")
    }
    let message = call["message"] ?? ""
    let link = call["link"]
    guard !message.isEmpty || link != nil else {
      throw .parameter("Missing message or attachment")
    }
    let textBytes = try WriteBudget.texts(
      ["message", "link", "name", "caption", "description", "picture"], of: call)
    if link == nil, state.lastStatus[user.id] == message {
      throw call.version.follows(.modernErrorBody) ? .duplicateStatusUpdate : .duplicateStatus
    }
    try state.mutate { contents throws(GraphError) in
      try contents.written.admit(bytes: textBytes, objects: 1)
    }
    let time = GraphClock.iso(state.now)
    let id = "\(owner.id)_\(state.mutate { $0.newID() })"
    var fields: [(String, JSONValue)] = [("from", reference(user))]
    if owner.id != user.id { fields.append(("to", ["data": [reference(owner)]])) }
    if !message.isEmpty { fields.append(("message", .string(message))) }
    for key in ["link", "name", "caption", "description", "picture"] {
      if let value = call[key] { fields.append((key, .string(value))) }
    }
    fields += [
      ("type", link == nil ? "status" : "link"),
      ("status_type", link == nil ? "mobile_status_update" : "shared_story"),
      ("application", application),
      ("created_time", .string(time)), ("updated_time", .string(time)),
    ]
    let post = node(id, .post, fields)
    state.mutate { contents in
      contents.world.insert(post)
      contents.world.link(owner.id, "feed", id, atFront: true)
      if owner.id == user.id {
        contents.world.link(user.id, "posts", id, atFront: true)
        if link == nil { contents.world.link(user.id, "statuses", id, atFront: true) }
      }
      if link == nil { contents.lastStatus[user.id] = message }
    }
    return try created(id, call: call, viewer: viewer)
  }

  /// `POST me/photos` with a `source` file (multipart) or a `url`: `{"id","post_id"}`.
  mutating func uploadPhoto(on owner: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    if owner.type == .user, call.version.follows(.publishActionsGone) {
      throw .publishActionsDeprecated
    }
    let user = try writer(
      viewer, needs: ["publish_actions", "publish_stream", "photo_upload"], call: call)
    guard call.upload != nil || call["url"] != nil else {
      throw .uploadFileRequired
    }
    let textBytes = try WriteBudget.texts(["message", "name"], of: call)
    try state.mutate { contents throws(GraphError) in
      try contents.written.admit(bytes: textBytes + (call.upload?.bytes.count ?? 0), objects: 2)
    }
    let photoID = state.mutate { $0.newID() }
    let postID = "\(user.id)_\(state.mutate { $0.newID() })"
    let caption = call["message"] ?? call["name"]
    let fields = DefaultWorld.photoFields(
      id: photoID, from: reference(user), time: state.now, name: caption)
    let photo = node(photoID, .photo, fields)
    state.mutate { $0.world.insert(photo) }
    keepPhotoBytes(photoID, call: call)
    state.mutate { $0.world.link(user.id, "photos", photoID, atFront: true) }
    let time = GraphClock.iso(state.now)
    var post: [(String, JSONValue)] = [("from", reference(user))]
    if let caption { post.append(("message", .string(caption))) }
    post += [
      ("picture", fields.first { $0.0 == "picture" }?.1 ?? .null),
      ("link", .string("https://www.facebook.com/photo.php?fbid=\(photoID)")),
      ("object_id", .string(photoID)), ("type", "photo"), ("status_type", "added_photos"),
      ("application", application), ("created_time", .string(time)),
      ("updated_time", .string(time)),
    ]
    let postNode = node(postID, .post, post)
    state.mutate { contents in
      contents.world.insert(postNode)
      contents.world.link(user.id, "feed", postID, atFront: true)
      contents.world.link(user.id, "posts", postID, atFront: true)
    }
    return try created(photoID, extra: [("post_id", .string(postID))], call: call, viewer: viewer)
  }

  /// `POST me/checkins` with `place` (and `message`): needs
  /// `publish_checkins` or `publish_actions` (the Hackbook wall-posting tutorial era; from
  /// v2.0 the edge is gone, see `VersionRule.checkinsEdgeGone`).
  mutating func checkIn(on owner: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    let user = try writer(viewer, needs: ["publish_actions", "publish_checkins"], call: call)
    guard let placeID = call["place"], let place = state.world.nodes[placeID],
      place.fields["location"] != nil
    else { throw .parameter("Param place must be a valid place id") }
    let id = state.mutate { $0.newID() }
    var fields: [(String, JSONValue)] = [("from", reference(user)), ("place", reference(place))]
    if let message = call["message"] { fields.append(("message", .string(message))) }
    fields += [("application", application), ("created_time", .string(GraphClock.iso(state.now)))]
    let checkin = node(id, .checkin, fields)
    state.mutate { contents in
      contents.world.insert(checkin)
      contents.world.link(user.id, "checkins", id, atFront: true)
    }
    return try created(id, call: call, viewer: viewer)
  }

  /// `DELETE <id>` of the viewer's own post, photo, comment, check-in or action.
  mutating func deleteNode(_ target: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    let deletable: Set<NodeType> = [.post, .photo, .comment, .checkin, .action]
    guard deletable.contains(target.type) else { throw .unsupported("DELETE", id: target.id) }
    let user = try writer(viewer, needs: ["publish_actions", "publish_stream"], call: call)
    guard target.fields["from"]?["id"]?.stringValue == user.id else {
      throw .permissionError(
        "(#200) The user hasn't authorized the application to perform this action")
    }
    state.mutate { $0.world.remove(target.id) }
    return deleted(call)
  }

  /// `DELETE me/permissions`: the user removes the app; their tokens fail with 190/458.
  mutating func deauthorize(_ user: Node, viewer: Viewer, call: GraphCall) throws(GraphError)
    -> Outcome
  {
    guard viewer.userID == user.id || viewer.isApp else {
      throw .requiresPermission("publish_actions")
    }
    state.mutate { $0.world.deauthorized.insert(user.id) }
    state.forgetGrants(of: user.id)
    return deleted(call)
  }

  /// `DELETE me/permissions/<name>`: removes one permission from the person's grants and
  /// tokens.
  mutating func revokePermission(_ name: String, node: Node, viewer: Viewer, call: GraphCall)
    throws(GraphError) -> Outcome
  {
    guard viewer.userID == node.id else { throw .requiresPermission("publish_actions") }
    state.revokeGrants([name], userID: node.id)
    return deleted(call)
  }

  /// A bare `true` up to v2.0, `{"success":true}` from v2.1 (reference, "Requests").
  func deleted(_ call: GraphCall) -> Outcome {
    call.version.follows(.deleteAnswersSuccessObject) ? .json(["success": true]) : .bareTrue
  }

  func reference(_ node: Node) -> JSONValue {
    ["name": node.fields["name"] ?? .null, "id": .string(node.id)]
  }

  func node(_ id: String, _ type: NodeType, _ fields: [(String, JSONValue)]) -> Node {
    Node(id: id, type: type, fields: JSONObject(fields.map { .init(key: $0.0, value: $0.1) }))
  }
}
