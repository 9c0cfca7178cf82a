import GraphAPI

/// One route of the emulator: the methods it takes (`nil`: any, Graph's error for a method it
/// does not serve included), its path pattern, an optional condition, and its handler.
struct Route: Sendable {
  var methods: Set<GraphMethod>?
  var pattern: [RouteSegment]
  var condition: RouteCondition?
  var handler: RouteHandler

  /// A route for `methods` and `pattern` (`":node/accounts/test-users"`, see
  /// `RouteSegment.pattern`).
  init(
    _ methods: Set<GraphMethod>, _ pattern: String, when condition: RouteCondition? = nil,
    _ handler: RouteHandler
  ) {
    self.methods = methods
    self.pattern = RouteSegment.pattern(pattern)
    self.condition = condition
    self.handler = handler
  }

  /// A route for any method and `pattern`.
  init(_ pattern: String, when condition: RouteCondition? = nil, _ handler: RouteHandler) {
    self.methods = nil
    self.pattern = RouteSegment.pattern(pattern)
    self.condition = condition
    self.handler = handler
  }

  /// Whether the route takes `call`, its path already matched.
  func accepts(_ call: GraphCall, in state: EmulatorState) -> Bool {
    if let methods {
      guard let method = call.verb, methods.contains(method) else {
        return false
      }
    }
    return condition?.holds(for: call, in: state) ?? true
  }

  /// Among routes at one place in the table: conditioned before unconditioned, then the
  /// fewer methods first (`DELETE` before any method).
  static func isTriedBefore(_ lhs: Route, _ rhs: Route) -> Bool {
    if (lhs.condition != nil) != (rhs.condition != nil) { return lhs.condition != nil }
    return (lhs.methods?.count ?? Int.max) < (rhs.methods?.count ?? Int.max)
  }
}

/// What a route runs, by how much of the call is checked before it: `surface` handlers check
/// the token themselves (OAuth, dialogs, test users, ...); `viewer` handlers get the resolved
/// token with `appsecret_proof` checked; `node` handlers also get the first component resolved
/// (`ids=` refused beside it); `edge` handlers also know the second component is an edge of
/// the node's type at the call's version.
enum RouteHandler: Sendable {
  case surface(@Sendable (inout Router, GraphCall) throws(GraphError) -> Outcome)
  case viewer(@Sendable (inout Router, GraphCall, Viewer) throws(GraphError) -> Outcome)
  case node(@Sendable (inout Router, GraphCall, Viewer, Node) throws(GraphError) -> Outcome)
  case edge(@Sendable (inout Router, GraphCall, Viewer, Node) throws(GraphError) -> Outcome)
}

extension Router {
  /// Runs `handler` for `call`, checking first what its kind promises.
  mutating func run(_ handler: RouteHandler, _ call: GraphCall) throws(GraphError) -> Outcome {
    if case .surface(let body) = handler { return try body(&self, call) }
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.nowForTokenCheck)
      .get()
    try checkProof(call, viewer: viewer)
    if case .viewer(let body) = handler { return try body(&self, call, viewer) }
    let head = call.path[0]
    if call[.ids] != nil { throw .idAlreadySpecified(head) }
    let node = try resolveNode(
      head, call: call, viewer: viewer, anonymous: Self.isPublicRead(call, in: state.world))
    switch handler {
    case .node(let body):
      return try body(&self, call, viewer, node)
    case .edge(let body):
      let name = call.path[1]
      let schema = Schema.of(node.type)
      if let error = schema.removalError(ofEdge: name, at: call.version) { throw error }
      guard schema.edge(name, at: call.version) != nil else { throw .unknownPath("/\(name)") }
      return try body(&self, call, viewer, node)
    case .surface, .viewer:
      throw .unsupported(call.method, id: head)
    }
  }
}
