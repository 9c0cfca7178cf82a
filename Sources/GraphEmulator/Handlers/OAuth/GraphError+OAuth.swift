// The errors of `oauth/access_token`, the dialogs, test users and app events (issue 13).
// Sources are in docs/emulator.md ("Login, apps and dialogs").
extension GraphError {
  /// 101 without `client_id`.
  static let missingClientID = oauth(
    "Missing client_id parameter.", code: 101)

  /// 101 for a `client_id` that reads as a number but names no app.
  static let invalidApplicationID = oauth(
    "Error validating application. Invalid application ID.", code: 101)

  /// 1, HTTP 500, `unknown_error` for a `client_id` that does not begin with a digit (`foo`,
  /// a Page's name, the app secret sent in its place): a public recording shows Graph
  /// failing on it.
  static let unreadableClientID: GraphError = {
    var error = oauth("An unknown error has occurred.", code: 1, challenge: "unknown_error")
    error.status = 500
    return error
  }()

  /// 1 for a wrong (or missing) `client_secret`, `invalid_request` in `WWW-Authenticate`.
  static let invalidClientSecret = oauth("Error validating client secret.", code: 1)

  /// 1 for `grant_type=fb_exchange_token` without the token to exchange.
  static let missingExchangeToken = oauth(
    "fb_exchange_token parameter not specified", code: 1)

  /// 191 for a code exchange without `redirect_uri`.
  static let missingRedirectURI = oauth(
    "Missing redirect_uri parameter.", code: 191)

  /// 100 for a code the emulator never issued.
  static let invalidCodeFormat = oauth(
    "Invalid verification code format.", code: 100, challenge: "invalid_code")

  /// 100/36009 for a code exchanged before.
  static let codeUsed = oauth(
    "This authorization code has been used.", code: 100, subcode: 36_009,
    challenge: "invalid_code")

  /// 100/36007 for a code past its ten minutes.
  static let codeExpired = oauth(
    "This authorization code has expired.", code: 100, subcode: 36_007,
    challenge: "invalid_code")

  /// 100 for a code exchanged with another redirect_uri than the dialog's.
  static let redirectURIMismatch = oauth(
    "Error validating verification code. Please make sure your redirect_uri is identical to the "
      + "one you used in the OAuth dialog request", code: 100, challenge: "invalid_code")

  /// 100 for a grant the emulator does not know (the message of a 2013 answer,
  /// stackoverflow.com/questions/14575477), or none (**[choice]**).
  static func unsupportedGrant(_ grant: String?) -> GraphError {
    grant.map {
      oauth(
        "Invalid grant_type: '\($0)'. Supported types: authorization_code, client_credentials",
        code: 100)
    }
      ?? parameter("Missing authorization code")
  }

  /// 15 for an app-only call made with a user token (test users, app events with a user token).
  static let appTokenRequired = oauth(
    "(#15) This method must be called with an app access_token.", code: 15)

  /// 3000 for `<app-id>/app_event_types` read by someone with no role on the app (the
  /// reference's error table for the edge; the "(#3000) " prefix as every numbered code). [choice]
  static let insightsNotOwned = oauth(
    "(#3000) Reading insights of a Page, business, app, domain or event source group not owned "
      + "by the querying user or application", code: 3000)

  /// 100 for `custom_events` that is not a JSON array of objects with `_eventName`.
  static func malformedCustomEvents(_ detail: String) -> GraphError {
    parameter("Param custom_events must be a JSON-encoded array of events: \(detail)")
  }
}
