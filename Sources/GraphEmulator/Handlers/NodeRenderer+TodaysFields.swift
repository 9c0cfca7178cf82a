import GraphAPI
import GraphJSON

/// Fields today's clients ask for in their default field lists (facebook-business 26.0.3's
/// generated `User`, `Page` and `Post` field enums), worked out from what the world stores:
/// User `name_format`, Page `fan_count` (`VersionRule.pageFanCount`), `cover`, `can_post`,
/// Post `attachments`, Comment `user_likes` and `can_like` (the viewer's).
extension NodeRenderer {
  /// Fields this extension answers, by node type.
  static let todaysFields: [NodeType: Set<String>] = [
    .user: ["name_format"], .page: ["fan_count", "cover", "can_post", "likes"],
    .post: ["attachments"], .comment: ["user_likes", "can_like"],
  ]

  /// The value of one of `todaysFields`: `.some(nil)` when it is left out, `nil` when the
  /// field is not one of them.
  func todaysValue(_ name: String, on node: Node) throws(GraphError) -> JSONValue?? {
    guard Self.todaysFields[node.type]?.contains(name) == true else { return nil }
    switch (node.type, name) {
    case (.user, "name_format"):
      return .some("{first} {last}")
    case (.page, "fan_count"):
      guard call.version.follows(.pageFanCount) else { throw .nonexistingField(name, on: .page) }
      return .some(node.fields["likes"])
    case (.page, "likes"):
      guard call.version.follows(.pageFanCount) else { return .some(node.fields["likes"]) }
      return .some(["data": []])
    case (.page, "cover"):
      // **[choice]**: the Page's picture as its cover.
      let picture = Picture(node: node, modifiers: [], parameters: { _ in nil })
        .served(from: call.origin)
      return .some([
        "cover_id": .string(node.id), "offset_x": 0, "offset_y": 50,
        "source": .string(picture.url), "id": .string(node.id),
      ])
    case (.page, "can_post"):
      return .some(.bool(viewer.pageID == node.id || pageRoles.manages(node)))
    case (.post, "attachments"):
      return .some(attachments(of: node))
    case (.comment, "user_likes"):
      // Whether the viewer (a person, or a Page acting as itself) is among its likes.
      let me = viewer.pageID ?? viewer.userID
      return .some(.bool(me.map { world.edge(node.id, "likes").contains($0) } ?? false))
    case (.comment, "can_like"):
      // **[choice]**: anyone a token acts as (a person or a Page) may like a comment they
      // see; the app token and no token may not.
      return .some(.bool(viewer.pageID != nil || viewer.userID != nil))
    default:
      return nil
    }
  }

  /// A post's attachments: as stored (a world made from a recording keeps what Graph answered),
  /// else its link as a `share`, its photo as a `photo`; none for a status. **[choice]** the
  /// members kept (`type`, `url`, `title`, `target`).
  func attachments(of post: Node) -> JSONValue? {
    if let stored = post.fields["attachments"] { return stored }
    var item = JSONObject()
    if let photo = post.fields["object_id"]?.stringValue {
      item.append("type", "photo")
      item.append("target", ["id": .string(photo)])
      if let link = post.fields["link"] { item.append("url", link) }
    } else if let link = post.fields["link"] {
      item.append("type", "share")
      item.append("url", link)
      if let name = post.fields["name"] { item.append("title", name) }
    } else {
      return nil
    }
    return ["data": [.object(item)]]
  }
}
