import GraphJSON

/// One object of the world: its id, its Graph type and its stored fields (JSON, in the order
/// Graph prints them). Edges live in `World.edges`, not here.
public struct Node: Sendable, Hashable {
  public var id: String
  public var type: NodeType
  /// Stored fields, `id` excluded.
  public var fields: JSONObject

  public init(id: String, type: NodeType, fields: JSONObject = JSONObject()) {
    self.id = id
    self.type = type
    self.fields = fields
  }

  /// The stored string field `name`, if any.
  func string(_ name: String) -> String? { fields[name]?.stringValue }
}

/// The Graph node types the emulator knows.
public enum NodeType: String, Sendable, Hashable, CaseIterable {
  case user, page, post, photo, album, event, checkin, application, action, comment
  /// Marketing API objects (a recording of an ads tool shows them: issue 42).
  case adaccount, campaign, adset, ad, adcreative
  /// A web page's URL object, read as `GET /?id=URL` (its shares, comments, `og_object`).
  case url

  /// The type name Graph uses in messages and `metadata`: `User`, `Page`, ...
  public var graphName: String {
    switch self {
    case .user: return "User"
    case .page: return "Page"
    case .post: return "Post"
    case .photo: return "Photo"
    case .album: return "Album"
    case .event: return "Event"
    case .checkin: return "Checkin"
    case .application: return "Application"
    case .action: return "OpenGraphAction"
    case .comment: return "Comment"
    case .adaccount: return "AdAccount"
    case .campaign: return "Campaign"
    case .adset: return "AdSet"
    case .ad: return "Ad"
    case .adcreative: return "AdCreative"
    case .url: return "URL"
    }
  }
}
