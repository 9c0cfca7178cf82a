import GraphJSON

extension GraphRequest {
  /// Reads an `HTTPRequest` as Graph does: the front door of the emulator and the server.
  ///
  /// - The URL may be absolute or a bare path (`/v2.0/me`, the origin then comes from `Host`).
  /// - A leading version component (`v2.0`) becomes `version`.
  /// - Parameters are the query followed by the body: `application/x-www-form-urlencoded`,
  ///   `multipart/form-data` (file parts become `uploads`) or a JSON object; a POST body
  ///   without a Content-Type is read as a form.
  /// - The token comes from `access_token`, else from `Authorization: OAuth|Bearer <token>`.
  /// - `method=get|post|delete` overrides the HTTP method and is removed from the parameters.
  /// - Throws: `GraphAPIError.invalidURL`, `.unsupportedMethod`, or a multipart error.
  public init(parsing request: HTTPRequest) throws(GraphAPIError) {
    guard let httpMethod = GraphMethod(name: request.method) else {
      throw .unsupportedMethod(request.method)
    }
    let parts: URLParts
    if let absolute = URLParts(request.url) {
      parts = absolute
    } else if request.url.hasPrefix("/"),
      let relative = URLParts("http://\(request.headers["Host"] ?? "localhost")\(request.url)")
    {
      parts = relative
    } else {
      throw .invalidURL(request.url)
    }
    var items = parts.queryItems
    var uploads: [GraphUpload] = []
    let contentType = request.headers["Content-Type"] ?? ""
    let mediaType =
      contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
    switch mediaType {
    case "multipart/form-data":
      let form = try MultipartFormData(parsing: request.body, contentType: contentType)
      items.items += form.parameters.items
      uploads = form.uploads
    case "application/json":
      if case .object(let object)? = try? JSONParser.parse(request.body) {
        for member in object.members {
          items.append(member.key, member.value.stringValue ?? member.value.compactText)
        }
      }
    case "application/x-www-form-urlencoded":
      items.items += QueryItems(parsing: String(decoding: request.body, as: UTF8.self)).items
    default:
      if mediaType.isEmpty && !request.body.isEmpty {
        items.items += QueryItems(parsing: String(decoding: request.body, as: UTF8.self)).items
      }
    }
    var method = httpMethod
    if let override = items["method"], let overridden = GraphMethod(name: override) {
      method = overridden
      items["method"] = nil
    }
    var token = items["access_token"]
    items["access_token"] = nil
    if token == nil, let authorization = request.headers["Authorization"] {
      let words = authorization.split(separator: " ", maxSplits: 1)
      if words.count == 2, ["oauth", "bearer"].contains(words[0].lowercased()) {
        token = words[1].trimmingSpaces
      }
    }
    self.init(method, parts.path, parameters: items, uploads: uploads, accessToken: token)
    self.origin = request.url.hasPrefix("/") && request.headers["Host"] == nil ? nil : parts.origin
  }
}
