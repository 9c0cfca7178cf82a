import GraphAPI

/// Builds the HTTP request of a request line until GraphAPI's GraphRequest is available.
enum RequestBuilder {
  /// `method` on `path` (a path, a path with a query, or an absolute URL) with `parameters`,
  /// the version prefix and the token.
  static func build(
    method: String, path: String, parameters: QueryItems, version: String?, token: String?,
    baseURL: String
  ) -> HTTPRequest {
    var origin = baseURL
    var rawPath = path
    var query = QueryItems()
    if let url = URLParts(path) {
      origin = url.origin
      rawPath = url.path
      query = url.queryItems
    } else if let mark = path.firstIndex(of: "?") {
      rawPath = String(path[..<mark])
      query = QueryItems(parsing: path[path.index(after: mark)...])
    }
    var components = rawPath.split(separator: "/").map(String.init)
    if let version, !(components.first.map(CommandParser.isVersion) ?? false) {
      components.insert(version, at: 0)
    }
    if let token { query["access_token"] = token }
    var body: [UInt8] = []
    var headers = HTTPHeaders()
    if method == "POST" {
      var form = query
      form.items += parameters.items
      query = QueryItems()
      body = Array(form.formEncoded.utf8)
      headers["Content-Type"] = "application/x-www-form-urlencoded"
    } else {
      query.items += parameters.items
    }
    let text = query.queryString
    return HTTPRequest(
      method: method,
      url: origin + "/" + components.joined(separator: "/") + (text.isEmpty ? "" : "?" + text),
      headers: headers, body: body)
  }
}
