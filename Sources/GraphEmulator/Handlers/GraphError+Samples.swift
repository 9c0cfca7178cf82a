/// One sample of every error the emulator builds, keyed by the name of the `GraphError`
/// member that builds it, so a test can ask the error catalogue about each (every code and
/// subcode). A test reads the `GraphError` sources and fails when a member is missing here:
/// add a sample with each new member.
extension GraphError {
  /// Members that only assemble other errors and have no catalogue entry of their own.
  static let builders: Set<String> = ["oauth"]

  /// Every member's samples (a member with several subcodes has one sample per subcode).
  static let catalogueSamples: [String: [GraphError]] = [
    "noActiveToken": [.noActiveToken],
    "unknownPath": [.unknownPath("/foo")],
    "syntax": [.syntax("x", column: 2, text: "a}")],
    "tokenRequired": [.tokenRequired],
    "invalidToken": [.invalidToken],
    "malformedToken": [.malformedToken("x!")],
    "expired": [.expired(at: 0, now: 1)],
    "invalidated": [.invalidated(subcode: 460), .invalidated(subcode: 467)],
    "notAuthorized": [.notAuthorized(user: "1", app: "2")],
    "nonexistingField": [.nonexistingField("foo", on: .user)],
    "unsupported": [.unsupported("GET", id: "x")],
    "unsupportedBare": [.unsupportedBare("GET")],
    "parameter": [.parameter("Missing message")],
    "requiresPermission": [.requiresPermission("publish_actions")],
    "permissionError": [.permissionError("(#200) x")],
    "duplicateStatus": [.duplicateStatus],
    "duplicateStatusUpdate": [.duplicateStatusUpdate],
    "missingAliases": [.missingAliases(["x"])],
    "usernameLookup": [.usernameLookup("x")],
    "cannotTag": [.cannotTag(["1"])],
    "idAlreadySpecified": [.idAlreadySpecified("x")],
    "invalidProof": [.invalidProof],
    "proofRequired": [.proofRequired],
    "appLimit": [.appLimit],
    "userLimit": [.userLimit],
    "usernameDeprecated": [.usernameDeprecated],
    "checkinsDeprecated": [.checkinsDeprecated],
    "fqlDeprecated": [.fqlDeprecated],
    "publishActionsDeprecated": [.publishActionsDeprecated],
    "likesNeedPageToken": [.likesNeedPageToken],
    "pageTokenRequired": [.pageTokenRequired],
    "unsupportedSearchType": [.unsupportedSearchType("user")],
    "unknownVersion": [.unknownVersion("v2.13")],
    "uploadFileRequired": [.uploadFileRequired],
    "textTooLong": [.textTooLong("message", limit: WriteBudget.maxTextCharacters)],
    "feedActionLimit": [.feedActionLimit],
    // oauth/access_token, the dialogs, test users and app events.
    "missingClientID": [.missingClientID],
    "invalidApplicationID": [.invalidApplicationID],
    "unreadableClientID": [.unreadableClientID],
    "invalidClientSecret": [.invalidClientSecret],
    "missingRedirectURI": [.missingRedirectURI],
    "missingExchangeToken": [.missingExchangeToken],
    "invalidCodeFormat": [.invalidCodeFormat],
    "codeUsed": [.codeUsed],
    "codeExpired": [.codeExpired],
    "redirectURIMismatch": [.redirectURIMismatch],
    "unsupportedGrant": [.unsupportedGrant("password"), .unsupportedGrant(nil)],
    "appTokenRequired": [.appTokenRequired],
    "malformedCustomEvents": [.malformedCustomEvents("not JSON")],
    "insightsNotOwned": [.insightsNotOwned],
  ]
}
