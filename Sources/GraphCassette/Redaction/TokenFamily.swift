import GraphAPI

/// The kind of access token a placeholder stands for, kept in its name so that a redacted
/// session still says whose token it was: `<APP_ACCESS_TOKEN_1>` for `APPID|SECRET`,
/// `<PAGE_ACCESS_TOKEN_1>` for a token `me/accounts` listed, `<TEST_USER_ACCESS_TOKEN_1>` for
/// one `APPID/accounts/test-users` issued (issue 45). Any other token stays `<ACCESS_TOKEN_n>`,
/// the form every cassette written before has, which is read as it always was.
public enum TokenFamily: String, Sendable, Hashable, CaseIterable {
  /// A token whose kind the session does not show (a user's, usually).
  case unknown = "ACCESS_TOKEN"
  case app = "APP_ACCESS_TOKEN"
  case page = "PAGE_ACCESS_TOKEN"
  case testUser = "TEST_USER_ACCESS_TOKEN"

  /// `app`, `page`, `test user`; `nil` for a token of unknown kind.
  public var kindName: String? {
    switch self {
    case .unknown: return nil
    case .app: return "app"
    case .page: return "page"
    case .testUser: return "test user"
    }
  }

  /// The family of a placeholder: `.app` for `<APP_ACCESS_TOKEN_3>`; `nil` when `text` is no
  /// access-token placeholder of this tool.
  public init?(placeholder text: String) {
    guard text.hasPrefix("<"), text.hasSuffix(">"), let underscore = text.lastIndex(of: "_"),
      Int(text[text.index(after: underscore)..<text.index(before: text.endIndex)]) != nil
    else { return nil }
    self.init(rawValue: String(text[text.index(after: text.startIndex)..<underscore]))
  }

  /// The family a token's own shape shows: an app token is `APPID|SECRET` (digits, a bar).
  static func of(_ token: String) -> TokenFamily {
    guard let bar = token.firstIndex(of: "|"), bar > token.startIndex,
      token[..<bar].allSatisfy({ $0.isASCII && $0.isNumber })
    else { return .unknown }
    return .app
  }

  /// The family of the tokens in the answer to `request`: a Page's for `me/accounts` (and
  /// `USER_ID/accounts`), a test user's for `APPID/accounts/test-users`.
  package static func issued(answering request: HTTPRequest) -> TokenFamily? {
    guard let path = URLParts(request.url)?.path else { return nil }
    let parts = path.split(separator: "/")
    if parts.last == "test-users", parts.dropLast().last == "accounts" { return .testUser }
    if parts.last == "accounts", parts.count >= 2 { return .page }
    return nil
  }
}
