import GraphJSON

/// Errors that depend on the version a call asked for (see `VersionRule`).
extension GraphError {
  /// 12 for `fields=username` on a user from v2.0 on.
  static let usernameDeprecated = oauth(
    "(#12) username field is deprecated for versions v2.0 and higher", code: 12)

  /// 12 for a user's `checkins` edge from v2.0 on. The message is the one developers quoted;
  /// the code and the `(#12)` prefix follow the username error of the same family.
  static let checkinsDeprecated = oauth(
    "(#12) checkins API is deprecated for versions v2.0 and higher", code: 12)

  /// 12 for `GET fql?q=...` from v2.1 (`VersionRule.fqlGone`).
  static let fqlDeprecated = oauth(
    "(#12) fql is deprecated for versions v2.1 and higher", code: 12)

  /// 200 (HTTP 403) for a write that needed `publish_actions`, from v3.0 on.
  static let publishActionsDeprecated = permissionError(
    "(#200) This endpoint is deprecated since the required permission publish_actions is "
      + "deprecated")

  /// 3 for liking with a person's token from v2.9 (`VersionRule.likesNeedPageToken`).
  static let likesNeedPageToken = oauth(
    "(#3) Publishing likes through the API is only available for page access tokens", code: 3)

  /// 100 for a `search` type Graph no longer offers.
  static func unsupportedSearchType(_ type: String) -> GraphError {
    parameter("Unsupported type: \(type)")
  }

  /// 2500 for a path version Graph never had (`v2.13`, `v99.0`). No source gives Graph's own
  /// answer, so the emulator names the version and the versions it serves.
  static func unknownVersion(_ text: String) -> GraphError {
    oauth(
      "Unknown Graph API version \(text): the versions are "
        + "\(VersionRegistry.servedSummary)", code: 2500)
  }

  /// 506/1455006: the duplicate-status error in its modern form (v2.4 on).
  static let duplicateStatusUpdate: GraphError = {
    var error = GraphError.duplicateStatus
    error.subcode = 1_455_006
    error.isTransient = false
    error.userTitle = "Duplicate Status Update"
    error.userMessage =
      "This status update is identical to the last one you posted. Try posting something "
      + "different, or delete your previous update."
    return error
  }()

  /// 324 for `POST me/photos` without a `source` file or a `url`.
  static let uploadFileRequired = oauth(
    "(#324) Requires upload file", code: 324)
}
