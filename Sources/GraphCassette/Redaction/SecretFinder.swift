import GraphAPI

/// Finds the secrets an exchange carries. Every field (the URL with its path, query and
/// fragment, each header value, both bodies) goes through `SecretScanner`, which reads
/// `name=value` and `"name": "value"` pairs and token shapes in any encoding; on top of that the
/// places no text rule sees: the `Authorization` header (`Bearer`/`OAuth`), headers named for
/// a secret (`X-Access-Token`), and multipart parts named for one.
enum SecretFinder {
  static func secrets(in request: HTTPRequest) -> [Secret] {
    var found = SecretScanner.secrets(in: Array(request.url.utf8))
    inHeaders(request.headers, into: &found)
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
    var found = SecretScanner.secrets(in: response.body)
    inHeaders(response.headers, into: &found)
    return found
  }

  static func inHeaders(_ headers: HTTPHeaders, into found: inout [Secret]) {
    for field in headers {
      found += SecretScanner.secrets(in: Array(field.value.utf8))
      if field.name.lowercased() == "authorization" {
        let parts = field.value.split(separator: " ", maxSplits: 1)
        let token = String(parts.count == 2 ? parts[1] : Substring(field.value)).trimmingSpaces
        if !token.isEmpty, !Secret.isStandIn(token) { found.append(.accessToken(token)) }
      } else if let kind = SecretScanner.kind(ofName: field.name, isHeader: true) {
        let value = field.value.trimmingSpaces
        if !value.isEmpty { found.append(Secret(kind, value)) }
      }
    }
  }
}
