import GraphJSON

/// A Graph error answer: the error catalogue of Graph's error handling guide (https://developers.facebook.com/docs/graph-api/guides/error-handling).
/// Built by the handlers, turned into a body and headers by `ResponseFactory`.
struct GraphError: Error, Sendable, Equatable {
  var message: String
  var type: String
  var code: Int
  var subcode: Int? = nil
  var userTitle: String? = nil
  var userMessage: String? = nil
  var isTransient: Bool? = nil
  var status = 400
  /// The error token of the `WWW-Authenticate` header (`invalid_request`, `invalid_token`,
  /// `insufficient_scope`); `nil` for errors that carry none.
  var challenge: String? = nil

  /// `{"error":{"message","type","code","error_subcode","error_user_title","error_user_msg",
  /// "is_transient","fbtrace_id"}}` with the members Graph sends, in its order.
  func body(traceID: String) -> JSONValue {
    var error = JSONObject()
    error.append("message", .string(message))
    error.append("type", .string(type))
    error.append("code", .number(JSONNumber(code)))
    if let subcode { error.append("error_subcode", .number(JSONNumber(subcode))) }
    if let isTransient { error.append("is_transient", .bool(isTransient)) }
    if let userTitle { error.append("error_user_title", .string(userTitle)) }
    if let userMessage { error.append("error_user_msg", .string(userMessage)) }
    error.append("fbtrace_id", .string(traceID))
    return .object(JSONObject([JSONObject.Member(key: "error", value: .object(error))]))
  }

  /// An `OAuthException`; `challenge` is the `WWW-Authenticate` error Graph sends with it
  /// (`invalid_request` unless the token itself is the problem: `invalid_token`).
  static func oauth(
    _ message: String, code: Int, subcode: Int? = nil, challenge: String = "invalid_request"
  ) -> GraphError {
    GraphError(
      message: message, type: "OAuthException", code: code, subcode: subcode,
      challenge: challenge)
  }

  // MARK: The catalogue

  /// 2500 on `/me` without a user token.
  static let noActiveToken = oauth(
    "An active access token must be used to query information about the current user.",
    code: 2500)

  /// 2500 for a path component that is no edge of the node.
  static func unknownPath(_ rest: String) -> GraphError {
    oauth("Unknown path components: \(rest)", code: 2500)
  }

  /// 2500 for a `fields` value that does not parse.
  static func syntax(_ detail: String, column: Int, text: String) -> GraphError {
    oauth(
      "Syntax error \"\(detail)\" at character \(column - 1): \(text)", code: 2500)
  }

  /// 104 on anything but `/me` without a token. Its challenge is `invalid_token`, as two
  /// recordings show (G5/g5_facebook_api_client `spec/fixtures/vcr_cassettes/page_posts.yml`,
  /// v1.0, 2014-12-16; a WordPress plugin's fixture of `GET /v2.3?id=URL&access_token=0`,
  /// 2015-04-30).
  static let tokenRequired = oauth(
    "An access token is required to request this resource.", code: 104,
    challenge: "invalid_token")

  /// 190 for a token Graph does not know.
  static let invalidToken = oauth(
    "Invalid OAuth access token.", code: 190, challenge: "invalid_token")

  /// 190 for a token that is not even shaped like one.
  static func malformedToken(_ token: String) -> GraphError {
    oauth("Malformed access token \(token)", code: 190, challenge: "invalid_token")
  }

  /// 190/463 for an expired token, with both times in Pacific time.
  static func expired(at expiry: Int, now: Int) -> GraphError {
    oauth(
      "Error validating access token: Session has expired on \(GraphClock.pacific(expiry)). "
        + "The current time is \(GraphClock.pacific(now)).", code: 190, subcode: 463,
      challenge: "invalid_token")
  }

  /// 190/460 (password changed) or 190/467 (logged out), messages as in the reference.
  static func invalidated(subcode: Int) -> GraphError {
    let reason =
      subcode == 467
      ? "The session is invalid because the user logged out."
      : "The session has been invalidated because the user changed their password or Facebook "
        + "has changed the session for security reasons."
    return oauth(
      "Error validating access token: \(reason)", code: 190, subcode: subcode == 467 ? 467 : 460,
      challenge: "invalid_token")
  }

  /// 190/458 for a user who removed the app.
  static func notAuthorized(user: String, app: String) -> GraphError {
    oauth(
      "Error validating access token: User \(user) has not authorized application \(app).",
      code: 190, subcode: 458, challenge: "invalid_token")
  }

  /// 100 for a field the node type does not have.
  static func nonexistingField(_ field: String, on type: NodeType) -> GraphError {
    oauth(
      "(#100) Tried accessing nonexisting field (\(field)) on node type (\(type.graphName))",
      code: 100)
  }

  /// 100/33 for an id that does not exist (or a method the node does not support).
  static func unsupported(_ method: String, id: String) -> GraphError {
    GraphError(
      message: "Unsupported \(method.lowercased()) request. Object with ID '\(id)' does not "
        + "exist, cannot be loaded due to missing permissions, or does not support this "
        + "operation. Please read the Graph API documentation at "
        + "https://developers.facebook.com/docs/graph-api",
      type: "GraphMethodException", code: 100, subcode: 33)
  }

  /// 100 for a request with no object at all (`GET /`).
  static func unsupportedBare(_ method: String) -> GraphError {
    GraphError(
      message: "Unsupported \(method.lowercased()) request.", type: "GraphMethodException",
      code: 100)
  }

  /// 100 for a missing or bad parameter.
  static func parameter(_ message: String) -> GraphError {
    oauth("(#100) \(message)", code: 100)
  }

  /// 200 for a write without the permission it needs.
  static func requiresPermission(_ permission: String) -> GraphError {
    permissionError("(#200) Requires extended permission: \(permission)")
  }

  /// A 200-299 permission error: HTTP 403, `insufficient_scope`.
  static func permissionError(_ message: String, code: Int = 200) -> GraphError {
    var error = oauth(message, code: code, challenge: "insufficient_scope")
    error.status = 403
    return error
  }

  /// 506 for the same status message twice in a row.
  static let duplicateStatus = oauth(
    "(#506) Duplicate status message", code: 506)

  /// 803 for `ids=` naming an alias that does not exist.
  static func missingAliases(_ names: [String]) -> GraphError {
    var error = oauth(
      "(#803) Some of the aliases you requested do not exist: \(names.joined(separator: ","))",
      code: 803)
    error.status = 404
    return error
  }

  /// 803 for a username lookup from v2.0 on.
  static func usernameLookup(_ name: String) -> GraphError {
    var error = oauth(
      "(#803) Cannot query users by their username (\(name))", code: 803)
    error.status = 404
    return error
  }

  /// 1611075 for tagging people who are not testers of the app (the Scrumptious tutorial).
  static func cannotTag(_ ids: [String]) -> GraphError {
    GraphError(
      message: "These users can't be tagged by your app: \(ids.joined(separator: ",")). Either "
        + "they aren't developers of your app or your action haven't been approved for tagging.",
      type: "Exception", code: 1_611_075)
  }

  /// `Invalid token: "X".  An ID has already been specified.` (path id plus `ids=`).
  static func idAlreadySpecified(_ token: String) -> GraphError {
    oauth(
      "Invalid token: \"\(token)\".  An ID has already been specified.", code: 2500)
  }

  /// 100 for a wrong `appsecret_proof`.
  static let invalidProof = GraphError(
    message: "Invalid appsecret_proof provided in the API argument", type: "GraphMethodException",
    code: 100)

  /// 100 when the app requires `appsecret_proof` and the call has none.
  static let proofRequired = GraphError(
    message: "API calls from the server require an appsecret_proof argument",
    type: "GraphMethodException", code: 100)

  /// 4: the app's call budget is spent (throttling).
  static let appLimit: GraphError = {
    var error = oauth(
      "(#4) Application request limit reached", code: 4)
    error.status = 403
    return error
  }()

  /// 17: the user's call budget is spent (throttling).
  static let userLimit = oauth(
    "(#17) User request limit reached", code: 17)
}
