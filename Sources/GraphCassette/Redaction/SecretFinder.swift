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
  }

  static func secrets(in request: HTTPRequest) -> [Secret] {
    var memo = CleanHeaders()
    return secrets(in: request, memo: &memo)
  }

  static func secrets(in request: HTTPRequest, memo: inout CleanHeaders) -> [Secret] {
    var found = SecretScanner.secrets(in: Array(request.url.utf8))
    inHeaders(request.headers, into: &found, memo: &memo)
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
    inHeaders(response.headers, into: &found, memo: &memo)
    return found
  }

  static func inHeaders(_ headers: HTTPHeaders, into found: inout [Secret]) {
    var memo = CleanHeaders()
    inHeaders(headers, into: &found, memo: &memo)
  }

  /// As `inHeaders(_:into:)`, skipping the fields `memo` knows hold none and remembering
  /// those found to hold none.
  static func inHeaders(
    _ headers: HTTPHeaders, into found: inout [Secret], memo: inout CleanHeaders
  ) {
    for field in headers {
      let key = CleanHeaders.Field(name: field.name, value: field.value)
      if memo.fields.contains(key) { continue }
      let before = found.count
      inField(name: field.name, value: field.value, into: &found)
      if found.count == before, memo.fields.count < CleanHeaders.kept,
        field.value.utf8.count <= CleanHeaders.longestValue
      {
        memo.fields.insert(key)
      }
    }
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
