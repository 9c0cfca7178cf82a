import GraphJSON

/// The `paging` object of a Graph list answer: `next` and `previous` URLs and, for cursor-based
/// lists, `cursors.before` and `cursors.after`.
public struct GraphPaging: Sendable, Hashable {
  /// How a list pages.
  public enum Kind: Sendable, Hashable {
    /// `cursors` with `before`/`after`.
    case cursor
    /// `since`/`until` (unix times) in the URLs.
    case time
    /// `offset` in the URLs.
    case offset
    /// Only URLs whose scheme is not recognised.
    case unknown
  }

  /// The absolute URL of the next page; `nil` on the last page.
  public var next: String?
  /// The absolute URL of the previous page.
  public var previous: String?
  /// `cursors.before`.
  public var before: String?
  /// `cursors.after`.
  public var after: String?

  public init(
    next: String? = nil, previous: String? = nil, before: String? = nil, after: String? = nil
  ) {
    self.next = next
    self.previous = previous
    self.before = before
    self.after = after
  }

  /// Reads `answer["paging"]`; `nil` when the answer has none.
  public init?(answer: JSONValue) {
    guard let paging = answer["paging"], case .object = paging else { return nil }
    self.init(
      next: paging["next"]?.stringValue, previous: paging["previous"]?.stringValue,
      before: paging["cursors"]?["before"]?.stringValue,
      after: paging["cursors"]?["after"]?.stringValue)
  }

  /// No `next`: this is the last page.
  public var isLastPage: Bool { next == nil }

  /// Which paging scheme the answer uses.
  public var kind: Kind {
    if before != nil || after != nil { return .cursor }
    let names = [next, previous].compactMap { $0 }.flatMap {
      (URLParts($0)?.queryItems ?? QueryItems()).map(\.name)
    }
    if names.contains("until") || names.contains("since") { return .time }
    if names.contains("offset") { return .offset }
    return .unknown
  }

  /// The request for the next page (`nil` on the last page), keeping `base`'s token and secret
  /// when the URL carries none.
  public func nextRequest(after base: GraphRequest? = nil) -> GraphRequest? {
    next.map { Self.request(for: $0, base: base) }
  }

  /// The request for the previous page, like `nextRequest(after:)`.
  public func previousRequest(before base: GraphRequest? = nil) -> GraphRequest? {
    previous.map { Self.request(for: $0, base: base) }
  }

  private static func request(for url: String, base: GraphRequest?) -> GraphRequest {
    var request = GraphRequest(.get, url)
    if request.accessToken == nil { request.accessToken = base?.accessToken }
    request.appSecret = base?.appSecret
    if request.appSecret != nil { request.parameters["appsecret_proof"] = nil }
    return request
  }
}
