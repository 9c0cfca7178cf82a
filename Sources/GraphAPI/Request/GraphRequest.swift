/// One Graph API call as the user means it: method, node path, parameters, uploads, version,
/// access token and app secret. `httpRequest(baseURL:)` turns it into the bytes on the wire and
/// `init(parsing:)` reads one back from an `HTTPRequest`.
///
/// The path is normalised on the way in: `me`, `/me/friends/`, `v2.0/me`, `me?fields=id` and a
/// pasted absolute URL such as a `paging.next` all work. A version in the path wins over the
/// `version` argument; a query in the path comes before `parameters`; an `access_token` in a
/// pasted URL becomes `accessToken` unless one is given.
public struct GraphRequest: Sendable, Hashable {
  /// `https://graph.facebook.com`, where requests go unless told otherwise.
  public static let defaultBaseURL = "https://graph.facebook.com"

  public var method: GraphMethod
  /// The node path, decoded, without leading slash or version: `me/friends`; empty for `/`.
  public var path: String
  /// Parameters in order (query for GET and DELETE, body for POST), without the access token.
  public var parameters: QueryItems
  /// Files to send; their presence makes the body `multipart/form-data`.
  public var uploads: [GraphUpload]
  /// The version prefix, such as `v2.0`, or `nil` for the app's default version.
  public var version: String?
  /// The access token, sent as `access_token`.
  public var accessToken: String?
  /// The app secret; with a token it adds `appsecret_proof`. Never sent itself.
  public var appSecret: String?
  /// `scheme://host[:port]` of a pasted or parsed absolute URL, else `nil`.
  public var origin: String?

  public init(
    _ method: GraphMethod = .get, _ path: String, parameters: QueryItems = [:],
    uploads: [GraphUpload] = [], version: String? = nil, accessToken: String? = nil,
    appSecret: String? = nil
  ) {
    self.method = method
    self.path = ""
    self.parameters = [:]
    self.uploads = uploads
    self.version = version.flatMap(Self.normalisedVersion)
    self.accessToken = accessToken
    self.appSecret = appSecret

    var text = Substring(path)
    var components: [String]
    var query = QueryItems()
    if let url = URLParts(String(path)) {
      origin = url.origin
      components = url.pathComponents
      query = url.queryItems
    } else {
      if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
      if let mark = text.firstIndex(of: "?") {
        query = QueryItems(parsing: text[text.index(after: mark)...])
        text = text[..<mark]
      }
      components = text.split(separator: "/").map { PercentEncoding.decode($0, plusAsSpace: false) }
    }
    if let first = components.first, let v = Self.normalisedVersion(first), first.hasPrefix("v") {
      self.version = v
      components.removeFirst()
    }
    self.path = components.joined(separator: "/")
    for item in query.items {
      if item.name == "access_token" {
        if self.accessToken == nil { self.accessToken = item.value }
      } else {
        self.parameters.append(item.name, item.value)
      }
    }
    self.parameters.items += parameters.items
  }

  /// The path split at `/`: `me/friends` → `["me", "friends"]`; `[]` for the root.
  public var pathComponents: [String] {
    path.split(separator: "/").map(String.init)
  }

  /// `appsecret_proof` for this request's token and app secret, when it has both.
  public var appSecretProof: String? {
    guard let accessToken, let appSecret else { return nil }
    return AppSecretProof.make(accessToken: accessToken, appSecret: appSecret)
  }

  /// `v2.0` for `v2.0`, `V2.0` or `2.0`; `nil` when `text` is not a version.
  public static func normalisedVersion(_ text: String) -> String? {
    var digits = Substring(text)
    if digits.first == "v" || digits.first == "V" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return "v" + digits
  }
}
