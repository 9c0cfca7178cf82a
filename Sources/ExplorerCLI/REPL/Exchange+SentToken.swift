import GraphAPI

extension Exchange {
  /// Where the token sent came from when the line gave it instead of the session:
  /// `Authorization` (a header item) or `access_token=` (a parameter); `nil` when the session's
  /// token (or none) was sent.
  var tokenSource: String? {
    if source.parameters.contains(where: {
      if case .header = $0.value { return $0.name.lowercased() == "authorization" }
      return false
    }) {
      return "Authorization"
    }
    if source.parameters.contains(where: {
      if case .header = $0.value { return false }
      return $0.name == "access_token"
    }) {
      return "access_token="
    }
    if let path = source.path.literal, Session.splittingToken(from: path) != nil {
      return "the path's access_token"
    }
    return nil
  }

  /// The token the request really carried (its `access_token`, else its `Authorization:
  /// OAuth|Bearer` credential), or `nil` when it carried none.
  var sentToken: String? { (try? GraphRequest(parsing: request))?.accessToken }
}

extension REPL {
  /// `token CAAEmuBob (access_token=)`: the token a line gave instead of the session's, shown by
  /// the rule of `token` (the emulator's own in full, any other masked); `nil` when the
  /// exchange sent the session's token.
  func sentTokenNote(_ exchange: Exchange) -> String? {
    guard let source = exchange.tokenSource else { return nil }
    guard let token = exchange.sentToken else { return "no token (\(source) was empty)" }
    return "token \(shown(token, unmasked: false)) (\(source))"
  }
}
