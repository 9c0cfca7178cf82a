/// What each node type offers: its fields (with the permission that gates them) and its edges.
/// Drives `fields` validation (error 100), permission filtering and `metadata=1`.
struct Schema: Sendable {
  /// A scalar or object field.
  struct Field: Sendable {
    var name: String
    var description: String
    var type: String
    /// The permission the viewer needs to read it on their own node (`nil`: public).
    var permission: String? = nil
  }

  /// A connection to other nodes.
  struct Edge: Sendable {
    var name: String
    var target: NodeType
    /// The permission the viewer needs to read it on their own node (`nil`: none).
    var permission: String? = nil
    /// Feeds page by time (`since`/`until`), the rest by cursors.
    var timeBased = false
    /// The stored edge it lists when that has another name (`tagged_places` lists the
    /// person's check-ins).
    var stored: String? = nil
    /// The version rule it came with (`tagged_places`: v2.0), if it is younger than v1.0.
    var appears: VersionRule? = nil
    /// The version rule it went with (`statuses`: v2.4), if it is gone.
    var gone: VersionRule? = nil
    /// What Graph answers asking for it once it is gone, if not error 100's unknown field.
    var goneError: GraphError? = nil
    /// How an item is listed when no `fields` are asked.
    var item: ItemForm = .compact
    /// The stored field that keeps the edge's count, kept in step by the writes that add to
    /// the edge or take from it (a comment's `like_count`; a world made from a recording
    /// keeps the count Graph answered, which may exceed the items it listed).
    var count: String? = nil

    /// How an edge lists an item when no `fields` are asked.
    enum ItemForm: Sendable {
      /// A person as `name` and `id`; anything else with its stored fields.
      case compact
      /// A `likes` edge: a Page as `category`, `name`, `id` (a person there is compact).
      case likedPage
      /// A Page a person manages, with the person's role and the Page's token.
      case managedPage
      /// A PlaceTag: `id`, `created_time`, `place`
      /// (https://developers.facebook.com/docs/graph-api/reference/place-tag).
      case placeTag
      /// A reaction: the person and the reaction's `type`.
      case reaction
    }

    /// The name of the stored edge it lists.
    var storedName: String { stored ?? name }

    /// Whether `version` has it: it had appeared and was not yet gone.
    func exists(at version: GraphVersion) -> Bool {
      (appears.map(version.follows) ?? true) && !(gone.map(version.follows) ?? false)
    }
  }

  var fields: [Field]
  var edges: [Edge]

  // By index: `first(where:)` copied out every edge it passed (an edge is a large value), a
  // field read's commonest cost (issue 48).
  func field(_ name: String) -> Field? {
    for i in fields.indices where fields[i].name == name { return fields[i] }
    return nil
  }

  func edge(_ name: String) -> Edge? {
    for i in edges.indices where edges[i].name == name { return edges[i] }
    return nil
  }

  /// The schema of `type`.
  static func of(_ type: NodeType) -> Schema {
    switch type {
    case .user: return user
    case .page: return page
    case .post: return post
    case .photo: return photo
    case .album: return album
    case .event: return event
    case .checkin: return checkin
    case .application: return application
    case .action: return action
    case .comment: return comment
    case .adaccount: return adAccount
    case .campaign: return campaign
    case .adset: return adSet
    case .ad: return ad
    case .adcreative: return adCreative
    case .url: return url
    }
  }

  static let user = Schema(
    fields: [
      Field(name: "id", description: "The user's Facebook ID", type: "string"),
      Field(name: "name", description: "The user's full name", type: "string"),
      Field(name: "first_name", description: "The user's first name", type: "string"),
      Field(name: "middle_name", description: "The user's middle name", type: "string"),
      Field(name: "last_name", description: "The user's last name", type: "string"),
      Field(name: "link", description: "The URL of the profile for the user", type: "string"),
      Field(name: "username", description: "The user's Facebook username", type: "string"),
      Field(name: "gender", description: "The user's gender", type: "string"),
      Field(name: "locale", description: "The user's locale", type: "string"),
      Field(name: "age_range", description: "The user's age range", type: "object"),
      Field(name: "timezone", description: "The user's timezone offset from UTC", type: "number"),
      Field(name: "updated_time", description: "Last profile update", type: "datetime"),
      Field(name: "verified", description: "Whether the user is verified", type: "boolean"),
      Field(
        name: "installed", description: "Whether the user has installed the app",
        type: "boolean"),
      Field(name: "picture", description: "The user's profile picture", type: "object"),
      Field(name: "name_format", description: "How the user's name is written", type: "string"),
      Field(
        name: "email", description: "The user's primary email address", type: "string",
        permission: "email"),
      Field(
        name: "birthday", description: "The user's birthday", type: "string",
        permission: "user_birthday"),
      Field(
        name: "hometown", description: "The user's hometown", type: "object",
        permission: "user_hometown"),
      Field(
        name: "location", description: "The user's current city", type: "object",
        permission: "user_location"),
      Field(
        name: "relationship_status", description: "The user's relationship status",
        type: "string", permission: "user_relationship_details"),
    ],
    edges: [
      Edge(name: "friends", target: .user, permission: "user_friends"),
      Edge(name: "feed", target: .post, permission: "read_stream", timeBased: true),
      Edge(name: "posts", target: .post, permission: "read_stream", timeBased: true),
      Edge(
        name: "statuses", target: .post, permission: "read_stream", timeBased: true,
        gone: .statusesEdgeGone),
      Edge(name: "photos", target: .photo, permission: "user_photos"),
      Edge(name: "albums", target: .album, permission: "user_photos"),
      Edge(
        name: "checkins", target: .checkin, permission: "user_checkins", gone: .checkinsEdgeGone,
        goneError: .checkinsDeprecated),
      Edge(
        name: "tagged_places", target: .checkin, permission: "user_tagged_places",
        stored: "checkins", appears: .taggedPlacesEdge, item: .placeTag),
      Edge(name: "likes", target: .page, permission: "user_likes", item: .likedPage),
      Edge(name: "events", target: .event, permission: "user_events"),
      Edge(name: "permissions", target: .user),
      Edge(name: "picture", target: .photo),
      Edge(name: "accounts", target: .page, permission: "pages_show_list", item: .managedPage),
    ])

  static let page = Schema(
    fields: [
      Field(name: "id", description: "The Page's ID", type: "string"),
      Field(name: "name", description: "The Page's name", type: "string"),
      Field(name: "category", description: "The Page's category", type: "string"),
      Field(name: "category_list", description: "The Page's sub-categories", type: "array"),
      Field(name: "username", description: "The Page's username", type: "string"),
      Field(name: "description", description: "The Page's description", type: "string"),
      Field(name: "location", description: "The Page's location", type: "object"),
      Field(name: "link", description: "The Page's Facebook URL", type: "string"),
      Field(name: "likes", description: "The number of users who like the Page", type: "number"),
      Field(name: "checkins", description: "Total number of check-ins", type: "number"),
      Field(
        name: "were_here_count", description: "Number of visits to this place",
        type: "number"),
      Field(
        name: "talking_about_count", description: "Number of people talking about the Page",
        type: "number"),
      Field(name: "phone", description: "The Page's phone number", type: "string"),
      Field(name: "website", description: "The Page's website", type: "string"),
      Field(name: "about", description: "Information about the Page", type: "string"),
      Field(name: "picture", description: "The Page's profile picture", type: "object"),
      Field(
        name: "fan_count", description: "The number of people who like the Page (v2.7 on)",
        type: "number"),
      Field(name: "cover", description: "The Page's cover photo", type: "object"),
      Field(
        name: "can_post", description: "Whether the viewer can post on the Page", type: "boolean"),
      Field(
        name: "access_token", description: "The Page token, for a person who manages the Page",
        type: "string"),
      Field(
        name: "tasks", description: "What the viewer may do on the Page (v3.1 on)",
        type: "array"),
      Field(
        name: "perms", description: "The viewer's role-based permissions (before v3.1)",
        type: "array"),
    ],
    edges: [
      Edge(name: "feed", target: .post, timeBased: true),
      Edge(name: "posts", target: .post, timeBased: true),
      Edge(name: "photos", target: .photo),
      Edge(name: "events", target: .event),
      Edge(name: "picture", target: .photo),
    ])

  static let post = Schema(
    fields: [
      "id", "from", "to", "message", "story", "link", "name", "caption", "description",
      "picture", "source", "place", "type", "status_type", "object_id", "application",
      "created_time", "updated_time", "attachments",
    ].map { Field(name: $0, description: "The post's \($0.replacingUnderscores)", type: "string") },
    edges: [
      Edge(name: "comments", target: .comment),
      Edge(name: "likes", target: .user, item: .likedPage),
      Edge(
        name: "reactions", target: .user, stored: "likes", appears: .reactionsEdge, item: .reaction),
    ])

  static let photo = Schema(
    fields: [
      "id", "from", "name", "picture", "source", "height", "width", "images", "link", "album",
      "place", "created_time", "updated_time",
    ].map {
      Field(name: $0, description: "The photo's \($0.replacingUnderscores)", type: "string")
    },
    edges: [
      Edge(name: "comments", target: .comment),
      Edge(name: "likes", target: .user, item: .likedPage),
      Edge(name: "picture", target: .photo),
    ])

  static let album = Schema(
    fields: [
      "id", "from", "name", "description", "link", "cover_photo", "count", "type",
      "created_time", "updated_time",
    ].map {
      Field(name: $0, description: "The album's \($0.replacingUnderscores)", type: "string")
    },
    edges: [Edge(name: "photos", target: .photo)])

  static let event = Schema(
    fields: [
      "id", "name", "description", "owner", "place", "start_time", "end_time", "timezone",
      "rsvp_status", "updated_time",
    ].map {
      Field(name: $0, description: "The event's \($0.replacingUnderscores)", type: "string")
    },
    edges: [Edge(name: "attending", target: .user), Edge(name: "picture", target: .photo)])

  static let checkin = Schema(
    fields: ["id", "from", "tags", "place", "application", "message", "created_time"].map {
      Field(name: $0, description: "The check-in's \($0.replacingUnderscores)", type: "string")
    },
    edges: [
      Edge(name: "comments", target: .comment),
      Edge(name: "likes", target: .user, item: .likedPage),
    ])

  static let application = Schema(
    fields: [
      "id", "name", "namespace", "link", "category", "description",
      "supports_implicit_sdk_logging", "gdpv4_nux_enabled", "gdpv4_nux_content",
      "ios_dialog_configs", "ios_sdk_dialog_flows", "ios_supports_system_auth",
      "app_events_feature_bitmask", "restrictions",
    ].map {
      Field(name: $0, description: "The app's \($0.replacingUnderscores)", type: "string")
    },
    edges: [])

  static let action = Schema(
    fields: [
      "id", "from", "start_time", "end_time", "publish_time", "application", "data", "type",
      "tags", "place", "image", "message", "no_feed_story", "likes", "comments",
    ].map {
      Field(name: $0, description: "The action's \($0.replacingUnderscores)", type: "string")
    },
    edges: [])

  /// A comment: `user_likes` and `can_like` are the viewer's (`NodeRenderer.todaysFields`);
  /// its `likes` edge lists the people who liked it, counted in `like_count`
  /// (https://developers.facebook.com/docs/graph-api/reference/comment/likes/).
  static let comment = Schema(
    fields: ["id", "from", "message", "created_time", "like_count", "user_likes", "can_like"]
      .map {
        Field(name: $0, description: "The comment's \($0.replacingUnderscores)", type: "string")
      },
    edges: [Edge(name: "likes", target: .user, item: .likedPage, count: "like_count")])
}

extension String {
  var replacingUnderscores: String {
    String(map { $0 == "_" ? " " : $0 })
  }
}
