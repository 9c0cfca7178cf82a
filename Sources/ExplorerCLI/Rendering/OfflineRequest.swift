import GraphAPI

/// `GET me --offline`: the HTTP request that would be sent, as `http --offline` prints it:
/// request line, `Host` and the other headers, a blank line, the body. Secrets (the token,
/// `appsecret_proof`, an `Authorization` value) are masked unless `unmasked` (`--with-token`).
enum OfflineRequest {
  static func text(_ request: HTTPRequest, unmasked: Bool) -> String {
    let parts = URLParts(request.url)
    let target = parts.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } ?? request.url
    var out = "\(request.method) \(shown(target, unmasked)) HTTP/1.1\n"
    if let host = parts?.host { out += "Host: \(host)\n" }
    for field in request.headers {
      let secret = field.name.lowercased() == "authorization" && !unmasked
      out += "\(field.name): \(secret ? mask(authorization: field.value) : field.value)\n"
    }
    guard !request.body.isEmpty else { return out }
    out += "\n"
    let type = request.headers["Content-Type"] ?? ""
    if type.lowercased().hasPrefix("multipart/form-data"),
      let form = try? MultipartFormData(parsing: request.body, contentType: type)
    {
      for part in form.parts {
        let file = part.filename.map { "; filename=\"\($0)\"" } ?? ""
        let value = part.filename == nil ? shown("\(part.name)=\(part.text)", unmasked) : ""
        out += "--\(form.boundary)\nContent-Disposition: form-data; name=\"\(part.name)\"\(file)\n"
        out +=
          part.filename == nil
          ? "\n\(value.dropFirst(part.name.count + 1))\n" : "\n<\(part.body.count) bytes>\n"
      }
      return out + "--\(form.boundary)--\n"
    }
    return out + shown(String(decoding: request.body, as: UTF8.self), unmasked) + "\n"
  }

  private static func shown(_ text: String, _ unmasked: Bool) -> String {
    unmasked ? text : Redaction.redactParameters(text)
  }

  /// `OAuth EAAB…x9Zq`: the scheme kept, the credential masked.
  private static func mask(authorization value: String) -> String {
    let words = value.split(separator: " ", maxSplits: 1).map(String.init)
    guard words.count == 2 else { return Redaction.mask(value) }
    return words[0] + " " + Redaction.mask(words[1])
  }
}
