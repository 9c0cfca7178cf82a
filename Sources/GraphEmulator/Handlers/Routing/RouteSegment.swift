/// One component of a route's path pattern, as Vapor's router writes them: a literal
/// (`accounts`), a parameter (`:node`, any one component) or the rest (`**`, one or more
/// components). At each position a literal is more specific than a parameter, and a parameter
/// more than the rest.
enum RouteSegment: Hashable, Sendable {
  case literal(String)
  case parameter
  case rest

  /// The pattern `text`, components split at `/` (`":node/accounts/test-users"`); the empty
  /// text is the root.
  static func pattern(_ text: String) -> [RouteSegment] {
    text.split(separator: "/").map { part in
      if part == "**" { return .rest }
      if part.hasPrefix(":") { return .parameter }
      return .literal(String(part))
    }
  }
}
