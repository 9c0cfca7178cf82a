import GraphAPI

/// Every path the emulator answers, in one table. Which route answers is decided by
/// specificity (`RouteTable`), never by the order written here; version rules stay in
/// `VersionRule` and the handlers ask them. In the handlers `r` is the router, `c` the call,
/// `v` the viewer and `n` the node (see `RouteHandler`).
enum EmulatorRoutes {
  static let table = RouteTable(surface + graph + edges)

  /// Login, dialogs, the REST API, app requests, test users, app events, picture and photo
  /// bytes: handlers that check the token themselves.
  static let surface: [Route] = [
    Route(
      "method/:name", .surface { r, c throws(GraphError) in try r.restMethod(c, name: c.path[1]) }),
    Route(
      "restserver.php",
      .surface { r, c throws(GraphError) in try r.restMethod(c, name: c["method"] ?? "") }),
    Route("oauth/access_token", .surface { r, c throws(GraphError) in try r.oauthAccessToken(c) }),
    Route("dialog/oauth", .surface { r, c throws(GraphError) in try r.oauthDialog(c) }),
    Route("dialog/feed", .surface { r, c throws(GraphError) in try r.feedDialog(c) }),
    Route("dialog/apprequests", .surface { r, c throws(GraphError) in try r.requestsDialog(c) }),
    Route(
      [.get], "\(PictureBytes.pathRoot)/picture/:id",
      .surface { r, c throws(GraphError) in try r.pictureBytes(c) }),
    Route(
      [.get], "\(PictureBytes.pathRoot)/photo/:id",
      .surface { r, c throws(GraphError) in try r.photoBytes(c) }),
    Route(":app/accounts/test-users", .surface { r, c throws(GraphError) in try r.testUsers(c) }),
    Route(
      [.get], ":app/accounts", when: .namesApp,
      .surface { r, c throws(GraphError) in try r.testUsers(c) }),
    Route(
      [.post], ":user/friends/:other", when: .namesTestUserPair,
      .surface { r, c throws(GraphError) in try r.befriendTestUsers(c) }),
    Route(
      [.post], ":app/activities", when: .namesApp,
      .surface { r, c throws(GraphError) in try r.logAppEvents(c) }),
    Route(
      [.get], ":app/permissions", when: .namesApp,
      .surface { r, c throws(GraphError) in try r.appPermissions(c) }),
    Route(
      [.get], ":app/app_event_types", when: .namesApp,
      .surface { r, c throws(GraphError) in try r.appEventTypes(c) }),
    Route(
      [.get], ":user/apprequests", when: .namesPerson,
      .surface { r, c throws(GraphError) in try r.listAppRequests(c) }),
    Route(
      ":request", when: .namesAppRequest,
      .surface { r, c throws(GraphError) in try r.appRequestOperation(c) }),
    Route(
      [.delete], ":user", when: .namesTestUser,
      .surface { r, c throws(GraphError) in try r.deleteTestUser(c) }),
  ]

  /// The root, search, token debugging, nodes and what is past an edge.
  static let graph: [Route] = [
    Route("", .viewer { r, c, v throws(GraphError) in try r.rootOperation(c, viewer: v) }),
    Route("search", .viewer { r, c, v throws(GraphError) in try r.search(c, viewer: v) }),
    Route(
      "fql",
      .viewer { _, c, _ throws(GraphError) in
        throw c.version.follows(.fqlGone) ? .fqlDeprecated : .unsupported(c.method, id: "fql")
      }),
    Route("debug_token", .viewer { r, c, v throws(GraphError) in try r.debugToken(c, viewer: v) }),
    Route(
      ":node", .node { r, c, v, n throws(GraphError) in try r.nodeOperation(n, call: c, viewer: v) }
    ),
    Route(
      ":node/:action", when: .namesOpenGraphAction,
      .node { r, c, v, n throws(GraphError) in
        try r.openGraphAction(c.path[1], node: n, call: c, viewer: v)
      }),
    Route(
      [.delete], ":node/permissions/:permission",
      .node { r, c, v, n throws(GraphError) in
        try r.revokePermission(c.path[2], node: n, viewer: v, call: c)
      }),
    Route(
      [.get], ":node/friends/:other",
      .node { r, c, v, n throws(GraphError) in
        guard n.type == .user else { throw .unknownPath("/friends/\(c.path[2])") }
        return try r.friendship(n, with: c.path[2], call: c, viewer: v)
      }),
    Route(
      [.get], ":node/insights",
      .node { r, c, v, n throws(GraphError) in try r.pageInsights(n, call: c, viewer: v) }),
    Route(
      ":node/**",
      .node { _, c, _, _ throws(GraphError) in
        throw .unknownPath("/" + c.path.dropFirst().joined(separator: "/"))
      }),
  ]

  /// A node's edges: reading any edge its type has at the version, and the writes.
  static let edges: [Route] = [
    Route(
      ":node/:edge",
      .edge { r, c, v, n throws(GraphError) in try r.edgeOperation(n, call: c, viewer: v) }),
    Route(
      [.get], ":node/picture", .edge { r, c, _, n throws(GraphError) in r.pictureEdge(n, call: c) }),
    Route(
      [.get], ":node/permissions",
      .edge { r, c, v, n throws(GraphError) in .json(.object(r.renderer(c, v).permissions(of: n))) }
    ),
    Route(
      [.delete], ":node/permissions",
      .edge { r, c, v, n throws(GraphError) in try r.deauthorize(n, viewer: v, call: c) }),
    Route(
      [.post], ":node/feed",
      .edge { r, c, v, n throws(GraphError) in try r.publishPost(on: n, call: c, viewer: v) }),
    Route(
      [.post], ":node/statuses",
      .edge { r, c, v, n throws(GraphError) in try r.publishPost(on: n, call: c, viewer: v) }),
    Route(
      [.post], ":node/photos",
      .edge { r, c, v, n throws(GraphError) in try r.uploadPhoto(on: n, call: c, viewer: v) }),
    Route(
      [.post], ":node/checkins",
      .edge { r, c, v, n throws(GraphError) in try r.checkIn(on: n, call: c, viewer: v) }),
    Route(
      [.post], ":node/comments",
      .edge { r, c, v, n throws(GraphError) in try r.comment(on: n, call: c, viewer: v) }),
    Route(
      [.post], ":node/likes", when: .namesNoPerson,
      .edge { r, c, v, n throws(GraphError) in try r.like(n, call: c, viewer: v, adding: true) }),
    Route(
      [.delete], ":node/likes", when: .namesNoPerson,
      .edge { r, c, v, n throws(GraphError) in try r.like(n, call: c, viewer: v, adding: false) }),
  ]
}
