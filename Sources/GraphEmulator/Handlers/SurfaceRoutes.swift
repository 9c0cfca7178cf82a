/// One route of the login, app and dialog surface: the method (`nil`: any), the path pattern
/// (`*` matches one component) and the handler. A handler answers `nil` to leave the call to
/// the Router's own dispatch (a `*` route that is not about the object named).
struct SurfaceRoute: Sendable {
  var method: String?
  var pattern: [String]
  var handler: @Sendable (inout Router, GraphCall) throws(GraphError) -> Outcome?

  func matches(_ call: GraphCall) -> Bool {
    guard method == nil || method == call.method, pattern.count == call.path.count else {
      return false
    }
    return zip(pattern, call.path).allSatisfy { $0 == "*" || $0 == $1 }
  }
}

/// The surface's route table (OAuth tokens, web dialogs, app requests, test users, app events,
/// picture and photo bytes). `Router.route` asks it first; its own dispatch is unchanged.
enum SurfaceRoutes {
  static let table: [SurfaceRoute] = [
    SurfaceRoute(method: nil, pattern: ["method", "*"]) { router, call throws(GraphError) in
      try router.restMethod(call)
    },
    SurfaceRoute(method: nil, pattern: ["oauth", "access_token"]) {
      router, call throws(GraphError) in
      try router.oauthAccessToken(call)
    },
    SurfaceRoute(method: nil, pattern: ["dialog", "oauth"]) { router, call throws(GraphError) in
      try router.oauthDialog(call)
    },
    SurfaceRoute(method: nil, pattern: ["dialog", "feed"]) { router, call throws(GraphError) in
      try router.feedDialog(call)
    },
    SurfaceRoute(method: nil, pattern: ["dialog", "apprequests"]) {
      router, call throws(GraphError) in try router.requestsDialog(call)
    },
    SurfaceRoute(method: "GET", pattern: [PictureBytes.pathRoot, "picture", "*"]) {
      router, call throws(GraphError) in try router.pictureBytes(call)
    },
    SurfaceRoute(method: "GET", pattern: [PictureBytes.pathRoot, "photo", "*"]) {
      router, call throws(GraphError) in try router.photoBytes(call)
    },
    SurfaceRoute(method: nil, pattern: ["*", "accounts", "test-users"]) {
      router, call throws(GraphError) in try router.testUsers(call)
    },
    SurfaceRoute(method: "POST", pattern: ["*", "friends", "*"]) {
      router, call throws(GraphError) in try router.befriendTestUsers(call)
    },
    SurfaceRoute(method: "POST", pattern: ["*", "activities"]) {
      router, call throws(GraphError) in try router.logAppEvents(call)
    },
    SurfaceRoute(method: "GET", pattern: ["*", "apprequests"]) {
      router, call throws(GraphError) in try router.listAppRequests(call)
    },
    SurfaceRoute(method: nil, pattern: ["*"]) { router, call throws(GraphError) in
      try router.appRequestOperation(call)
    },
    SurfaceRoute(method: "DELETE", pattern: ["*"]) { router, call throws(GraphError) in
      try router.deleteTestUser(call)
    },
  ]

  /// The first route's answer for `call`, `nil` when no route takes it.
  static func dispatch(_ router: inout Router, _ call: GraphCall) throws(GraphError) -> Outcome? {
    for route in table where route.matches(call) {
      if let outcome = try route.handler(&router, call) { return outcome }
    }
    return nil
  }
}
