import GraphAPI

/// Finds the secrets an exchange carries. Every field (the URL with its path, query and
/// fragment, each header value, both bodies) goes through `SecretScanner`, which reads
/// `name=value` and `"name": "value"` pairs and token shapes in any encoding; on top of that the
/// places no text rule sees: the `Authorization` header (`Bearer`/`OAuth`), headers named for
/// a secret (`X-Access-Token`), and multipart parts named for one.
enum SecretFinder {
  /// Header fields found to hold no secret, remembered by a redactor across interactions: a
  /// session sends and gets the same `Content-Type`, `User-Agent` and the like every time.
  /// Whether a field holds a secret depends on its name and value alone. **[choice]** At most
  /// `kept` fields of at most `longestValue` bytes each; a field holding a secret is never kept.
  struct CleanHeaders {
    struct Field: Hashable {
      var name: String
      var value: String
    }
    static let kept = 512
    static let longestValue = 256
    var fields: Set<Field> = []
    /// The last request's and the last response's header fields by position, each when it
    /// was found to hold no secret (`nil` when it held one, or was too long to keep): a field
    /// equal to the one at its position last time is known clean without hashing it.
    var last: [[Field?]] = [[], []]
    /// Lists of more fields than this are not kept by position.
    static let keptByPosition = 64
  }

  /// Which of `CleanHeaders.last` a list of headers is compared with.
  enum Side: Int {
    case request = 0
    case response = 1
  }

  static func secrets(in request: HTTPRequest) -> [Secret] {
    var memo = CleanHeaders()
    return secrets(in: request, memo: &memo)
  }

  static func secrets(in request: HTTPRequest, memo: inout CleanHeaders) -> [Secret] {
    var found = SecretScanner.secrets(in: Array(request.url.utf8))
    inHeaders(request.headers, into: &found, memo: &memo, side: .request)
    found += SecretScanner.secrets(in: request.body)
    if let contentType = request.headers["Content-Type"],
      contentType.lowercased().hasPrefix("multipart/"),
      let multipart = try? MultipartFormData(parsing: request.body, contentType: contentType)
    {
      for part in multipart.parts {
        if let kind = SecretScanner.kind(ofName: part.name) {
          let text = String(decoding: part.body, as: UTF8.self).trimmingSpaces
          if !text.isEmpty { found.append(Secret(kind, text)) }
        }
      }
    }
    return found
  }

  static func secrets(in response: HTTPResponse) -> [Secret] {
    var memo = CleanHeaders()
    return secrets(in: response, memo: &memo)
  }

  static func secrets(in response: HTTPResponse, memo: inout CleanHeaders) -> [Secret] {
    var found = SecretScanner.secrets(in: response.body)
    inHeaders(response.headers, into: &found, memo: &memo, side: .response)
    return found
  }

  static func inHeaders(_ headers: HTTPHeaders, into found: inout [Secret]) {
    var memo = CleanHeaders()
    inHeaders(headers, into: &found, memo: &memo)
  }

  /// As `inHeaders(_:into:)`, skipping the fields `memo` knows hold none and remembering
  /// those found to hold none.
  static func inHeaders(
    _ headers: HTTPHeaders, into found: inout [Secret], memo: inout CleanHeaders,
    side: Side = .request
  ) {
    let byPosition = headers.count <= CleanHeaders.keptByPosition
    let previous = memo.last[side.rawValue]
    var clean: [CleanHeaders.Field?] = []
    if byPosition { clean.reserveCapacity(headers.count) }
    for (position, field) in headers.enumerated() {
      let key = CleanHeaders.Field(name: field.name, value: field.value)
      let short = field.value.utf8.count <= CleanHeaders.longestValue
      if byPosition, position < previous.count, let known = previous[position], known == key {
        clean.append(key)
        continue
      }
      if memo.fields.contains(key) {
        if byPosition { clean.append(short ? key : nil) }
        continue
      }
      let before = found.count
      inField(name: field.name, value: field.value, into: &found)
      let holdsNone = found.count == before
      if holdsNone, memo.fields.count < CleanHeaders.kept, short {
        memo.fields.insert(key)
      }
      if byPosition { clean.append(holdsNone && short ? key : nil) }
    }
    memo.last[side.rawValue] = byPosition ? clean : []
  }

  /// The secrets one header field carries.
  private static func inField(name: String, value: String, into found: inout [Secret]) {
    found += SecretScanner.secrets(in: Array(value.utf8))
    if name.lowercased() == "authorization" {
      let parts = value.split(separator: " ", maxSplits: 1)
      let token = String(parts.count == 2 ? parts[1] : Substring(value)).trimmingSpaces
      if !token.isEmpty, !Secret.isStandIn(token) { found.append(.accessToken(token)) }
    } else if let kind = SecretScanner.kind(ofName: name, isHeader: true) {
      let trimmed = value.trimmingSpaces
      if !trimmed.isEmpty { found.append(Secret(kind, trimmed)) }
    }
  }
}
