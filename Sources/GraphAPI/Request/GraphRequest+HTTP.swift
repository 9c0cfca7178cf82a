extension GraphRequest {
  /// Characters a path component keeps literal: RFC 3986 unreserved, sub-delims, `:` and `@`
  /// (so `me/fb_sample_scrumps:eat` stays readable).
  static let pathAllowed = ByteSet(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

  /// The path as sent: `/v2.0/me/friends`; the root is `/`, or `/v2.0/` with a version.
  public var encodedPath: String {
    let nodePath = pathComponents.map { PercentEncoding.encode($0, allowed: Self.pathAllowed) }
      .joined(separator: "/")
    guard let version else { return "/" + nodePath }
    return "/" + version + "/" + nodePath
  }

  /// Every parameter that goes on the wire, in order: `parameters`, then `access_token`, then
  /// `appsecret_proof` (a stale `access_token` or `appsecret_proof` in `parameters` is replaced).
  public var wireParameters: QueryItems {
    var items = parameters
    if let accessToken {
      items["access_token"] = nil
      items.append("access_token", accessToken)
    }
    if let proof = appSecretProof {
      items["appsecret_proof"] = nil
      items.append("appsecret_proof", proof)
    }
    return items
  }

  /// The HTTP request for this call.
  ///
  /// GET and DELETE put every parameter in the query, with Graph-compatible encoding (a `fields`
  /// value keeps its braces, parentheses and commas). POST sends them as an
  /// `application/x-www-form-urlencoded` body, or `multipart/form-data` when there are uploads
  /// (uploads on a GET or DELETE also force a multipart body).
  /// - Parameter baseURL: scheme and host, e.g. `http://127.0.0.1:8080`; a trailing `/` is ignored.
  public func httpRequest(baseURL: String = GraphRequest.defaultBaseURL) -> HTTPRequest {
    var base = Substring(baseURL)
    while base.hasSuffix("/") { base = base.dropLast() }
    let url = String(base) + encodedPath
    let items = wireParameters
    if !uploads.isEmpty {
      let form = MultipartFormData(parameters: items, uploads: uploads)
      return HTTPRequest(
        method: method.rawValue, url: url, headers: ["Content-Type": form.contentType],
        body: form.encoded())
    }
    if method == .post {
      return HTTPRequest(
        method: method.rawValue, url: url,
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(items.formEncoded.utf8))
    }
    let query = items.isEmpty ? "" : "?" + items.queryString
    return HTTPRequest(method: method.rawValue, url: url + query)
  }
}
