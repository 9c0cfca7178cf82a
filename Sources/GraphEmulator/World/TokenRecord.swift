/// One access token and what it stands for.
public struct TokenRecord: Sendable, Hashable {
  /// What sort of token.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A user access token (of `user`).
    case user
    /// An app access token (`APPID|...`).
    case app
    /// A token Graph rejects as malformed.
    case malformed
    /// A Page access token: the Page (`pageID`) acting through one of its people (`userID`).
    case page
  }

  public var token: String
  /// The documented name of a test token (`alice`, `app`, `expired`, ...), `nil` for minted ones.
  public var name: String?
  public var kind: Kind
  /// The user a user token belongs to (for a Page token, the person it was issued to).
  public var userID: String?
  /// The Page a Page token acts as.
  public var pageID: String?
  /// Granted permissions (scopes), in grant order.
  public var scopes: [String]
  /// Expiry, Unix seconds; `nil` never expires.
  public var expiresAt: Int?
  /// Why Graph no longer accepts the token, as a 190 subcode: 460 (password changed) or 467
  /// (logged out); `nil` when it is valid.
  public var invalidation: Int?
  /// What the token is for, for `tokens` listings.
  public var summary: String

  public init(
    token: String, name: String? = nil, kind: Kind, userID: String? = nil, scopes: [String] = [],
    expiresAt: Int? = nil, invalidation: Int? = nil, summary: String = "", pageID: String? = nil
  ) {
    self.token = token
    self.pageID = pageID
    self.name = name
    self.kind = kind
    self.userID = userID
    self.scopes = scopes
    self.expiresAt = expiresAt
    self.invalidation = invalidation
    self.summary = summary
  }
}
