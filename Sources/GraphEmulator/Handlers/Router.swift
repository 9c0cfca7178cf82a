import GraphAPI
import GraphJSON

/// Answers one HTTP request against the state: validates the token, finds the node, and
/// hands the call to the node, edge, search, write or batch handler.
struct Router {
  var state: EmulatorState

  mutating func respond(to request: HTTPRequest) -> HTTPResponse {
    state.requests += 1
    let traceID = ResponseFactory.traceID(sequence: state.requests)
    let memoable = request.graphMethod == .get && state.throttle == nil
    if memoable,
      let kept = state.memo.answer(
        request, generation: state.generation, now: state.nowForTokenCheck)
    {
      var response = kept.response
      response.headers.fields[kept.traceHeader].value = traceID
      return response
    }
    let generation = state.generation
    let clockReads = state.clockReads.count
    var call = GraphCall(request: request, defaultVersion: state.world.app.defaultVersion)
    // Another app's token is served at that app's default version.
    if call.explicitVersion == nil, let token = call.token,
      let other = state.world.otherApp(ofToken: token)
    {
      call = GraphCall(request: request, defaultVersion: other.defaultVersion)
    }
    var outcome: Outcome
    let usage = throttleUsage()
    if usage.exceeded {
      // A throttled call does nothing: no write happens.
      let viewer = try? Viewer.resolve(call.token, in: state.world, now: state.now).get()
      outcome = .failure(viewer?.userID != nil ? .userLimit : .appLimit)
    } else {
      do throws(GraphError) {
        outcome = try route(call)
      } catch {
        outcome = .failure(error)
      }
    }
    if case .json(let value) = outcome, AnswerBudget.exceeds(value, AnswerBudget.perAnswer) {
      outcome = .failure(AnswerBudget.tooLarge)
    }
    let factory = ResponseFactory(
      version: call.version, traceID: traceID, appUsage: usage.percent,
      suppressHTTPCode: call.flag(.suppressHTTPCode))
    var response = factory.response(outcome)
    if response.body.count > AnswerBudget.perAnswer, case .json = outcome {
      // Escapes made it longer than the walk counted.
      outcome = .failure(AnswerBudget.tooLarge)
      response = factory.response(outcome)
    }
    if memoable, outcome.isJSON, state.generation == generation,
      state.clockReads.count == clockReads,
      let traceHeader = response.headers.fields.firstIndex(where: { $0.name == "x-fb-trace-id" })
    {
      let validBefore = call.token.flatMap { state.world.tokens[$0]?.expiresAt }
      state.memo.keep(
        request,
        AnswerMemo.Entry(response: response, traceHeader: traceHeader, validBefore: validBefore),
        generation: generation)
    }
    return response
  }

  /// Counts the call against the throttle window: the usage percentage (for `x-app-usage`)
  /// and whether the budget is spent. A window lasts N + 60 emulated seconds (one per request):
  /// N calls, then a minute of errors, so any N can be reached.
  mutating func throttleUsage() -> (percent: Int, exceeded: Bool) {
    guard let limit = state.throttle else { return (0, false) }
    let now = state.now
    return state.mutate { contents in
      if now - contents.windowStart > limit + 60 {
        contents.windowStart = now
        contents.callsInWindow = 0
      }
      contents.callsInWindow += 1
      return (min(100, contents.callsInWindow * 100 / limit), contents.callsInWindow > limit)
    }
  }

  /// Routes a call that has already been parsed (batch operations come in here too): the
  /// most specific route of `EmulatorRoutes.table` that takes it answers.
  mutating func route(_ call: GraphCall) throws(GraphError) -> Outcome {
    if let versionError = call.versionError { throw versionError }
    if let bodyError = call.bodyError { throw bodyError }
    guard let route = EmulatorRoutes.table.match(call, in: state) else {
      throw .unsupported(call.method, id: call.path.first ?? "")
    }
    return try run(route.handler, call)
  }

  /// The root: a batch (`POST` with `batch`), several nodes (`ids`), one node the world has
  /// (`GET /?id=X` reads X as `GET /X` does; a URL object needs no token, as the public
  /// recordings of `/?id=URL` at v1.0 and v2.2 show), else Graph's error for a bare call.
  mutating func rootOperation(_ call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    if call.verb == .post, call[.batch] != nil { return try batch(call, viewer: viewer) }
    if let ids = call[.ids] { return try readIDs(ids, call: call, viewer: viewer) }
    if call.verb == .get, let id = call[.id], let node = state.world.nodes[id] {
      let found = try resolveNode(id, call: call, viewer: viewer, anonymous: node.type == .url)
      return try nodeOperation(found, call: call, viewer: viewer)
    }
    throw .unsupportedBare(call.method)
  }

  /// `me` (needs a user token: 2500), an id, or a username (v1.0 only, else 803); anything
  /// but `me` and an unknown name (803) needs some token (104) unless `anonymous` (a public
  /// read).
  func resolveNode(
    _ head: String, call: GraphCall, viewer: Viewer, anonymous: Bool = false
  ) throws(GraphError) -> Node {
    if head == "me" {
      guard let id = viewer.userID ?? viewer.pageID, let node = state.world.nodes[id] else {
        throw .noActiveToken
      }
      return node
    }
    let username = state.world.usernames[head.lowercased()]
    // A name that is no id and no alias is 803, before the token is looked at: public
    // recordings show `/_12345` 803 with a token and `/<hex>/posts` 803 without one, while a
    // name Graph knew was 104 without one.
    if state.world.nodes[head] == nil, head != "app", username == nil,
      !GraphRequest.isIDShaped(head)
    {
      throw .missingAliases([head])
    }
    guard viewer.hasToken || anonymous else { throw .tokenRequired }
    if let node = state.world.nodes[head] { return node }
    if head == "app", let node = state.world.nodes[state.world.app.id] { return node }
    if let id = username, let node = state.world.nodes[id] {
      guard !call.version.follows(.usernameLookupRefused) || node.type == .page else {
        throw .usernameLookup(head)
      }
      return node
    }
    throw .unsupported(call.method, id: head)
  }

  /// Reads Graph answered with no token: a profile picture (FBProfilePictureView asks for
  /// `ID/picture` with no token when no session is open) and the app's own node (the iOS SDK's
  /// fetchAppSettings asks `APPID?fields=...` with no token on purpose, FBUtility.m).
  static func isPublicRead(_ call: GraphCall, in world: World) -> Bool {
    guard call.verb == .get else { return false }
    if call.path.count == 2 { return call.path[1] == "picture" }
    return call.path.count == 1 && (call.path[0] == world.app.id)
  }

  func renderer(_ call: GraphCall, _ viewer: Viewer) -> NodeRenderer {
    // Read as a clock read (`AnswerMemo`) only while some item lies after the clock.
    let asOf = state.world.asOf(state.nowForTokenCheck).map { _ in state.now }
    return NodeRenderer(
      world: state.world, viewer: viewer, call: call,
      appUsers: (state.appUserLists, state.generation), grants: state.surface.grants,
      asOf: asOf)
  }

  /// Parses `fields=` (2500 with the column on a syntax error).
  func selection(_ call: GraphCall) throws(GraphError) -> FieldSelection? {
    guard let text = call[.fields], !text.isEmpty else { return nil }
    do {
      return try SelectionCache.shared.selection(text)
    } catch {
      throw .syntax(error.message, column: error.column, text: text)
    }
  }

  mutating func nodeOperation(_ node: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    switch call.verb {
    case .get?:
      let selection = try selection(call)
      if !call.flag(.metadata),
        let written = try written(
          call, viewer, { writer throws(GraphError) in try writer.node(node, selection: selection) }
        )
      {
        return written
      }
      var object = try renderer(call, viewer).render(node, selection: selection)
      if call.flag(.metadata) { object.append("metadata", metadata(node, call: call)) }
      return .json(.object(try withDebug(object, call: call, viewer: viewer)))
    case .delete?:
      return try deleteNode(node, call: call, viewer: viewer)
    case .post?:
      return try updateNode(node, call: call, viewer: viewer)
    default:
      throw .unsupported(call.method, id: call.path[0])
    }
  }

  /// Any other call on an edge the node's type has at the version: `GET` lists it; the
  /// writes are routes of their own (`EmulatorRoutes.edges`).
  mutating func edgeOperation(_ node: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    guard call.verb == .get, let edge = Schema.of(node.type).edge(call.path[1], at: call.version)
    else { throw .unsupported(call.method, id: call.path[0]) }
    let pager = EdgePager(
      parameters: { call[$0] }, cap: edge.timeBased ? 100 : 5000,
      defaultLimit: state.world.defaultLimit(edge.name, at: call.version))
    let selection = try selection(call)
    let summary = call[.summary].map { [$0] }
    if let written = try written(
      call, viewer,
      { writer throws(GraphError) in
        try writer.edge(
          owner: node, edge: edge, selection: selection, pager: pager, summary: summary,
          type: call[.type])
      })
    {
      return written
    }
    let object = try renderer(call, viewer).list(
      owner: node, edge: edge, selection: selection, pager: pager, nested: false,
      summary: summary, type: call[.type])
    return .json(.object(try withDebug(object, call: call, viewer: viewer)))
  }

  /// `GET <node>/picture`: a 302 to the picture, or its `data` with `redirect=false`.
  func pictureEdge(_ node: Node, call: GraphCall) -> Outcome {
    let picture = Picture(node: node, modifiers: [], parameters: { call[$0] })
      .served(from: call.origin)
    if let redirect = call[.redirect], redirect == "false" || redirect == "0" {
      return .json(["data": picture.data])
    }
    return .redirect(picture.url)
  }

  /// `debug=all`: adds `__debug__.messages` warnings about fields left out for want of a
  /// permission (reference, "Requests").
  func withDebug(_ object: JSONObject, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> JSONObject
  {
    guard call[.debug] == "all" else { return object }
    var messages: [JSONValue] = []
    let asked = try selection(call)?.fields.map(\.name) ?? []
    let edge = call.path.count == 2 ? call.path[1] : nil
    if (asked.contains("friends") || edge == "friends") && !viewer.has("user_friends")
      && call.version.follows(.friendsNeedUserFriends)
    {
      messages.append([
        "link": "https://developers.facebook.com/docs/apps/changelog#v2_0",
        "message": .string(
          "Field friends is only accessible on User object, if user_friends permission is "
            + "granted by the user"),
        "type": "warning",
      ])
    }
    var out = object
    out.append("__debug__", ["messages": .array(messages)])
    return out
  }
}
