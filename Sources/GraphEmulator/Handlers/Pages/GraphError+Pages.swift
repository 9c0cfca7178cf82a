/// Errors of the Page surface.
extension GraphError {
  /// 190 for a call only a Page token may make (a Page's insights from v3.0), made with a user
  /// or app token. The message developers quoted from Graph at v3.3
  /// (https://github.com/halsandr/Facebook_Connector/issues/1).
  static let pageTokenRequired = oauth(
    "(#190) This method must be called with a Page Access Token", code: 190,
    challenge: "invalid_token")
}
