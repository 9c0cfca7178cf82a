import GraphJSON

/// One operation of a batch request: `{"method","relative_url","body","name","depends_on",
/// "omit_response_on_success","attached_files"}`.
public struct GraphBatchOperation: Sendable, Hashable {
  public var method: GraphMethod
  /// Path and query relative to the version root, e.g. `me/friends?limit=2`. References such as
  /// `{result=photopost:$.id}` are kept literally.
  public var relativeURL: String
  /// The URL-encoded body of a POST (`message=hi`), or `nil`.
  public var body: String?
  /// The name later operations use in `{result=name:$.path}`.
  public var name: String?
  /// The operation that must run first, without referencing its result.
  public var dependsOn: String?
  /// `false` keeps a referenced parent's answer (Graph sends `null` for it otherwise).
  public var omitResponseOnSuccess: Bool?
  /// Names of the multipart parts (the batch request's uploads) this operation uses.
  public var attachedFiles: [String]

  public init(
    method: GraphMethod = .get, relativeURL: String, body: String? = nil, name: String? = nil,
    dependsOn: String? = nil, omitResponseOnSuccess: Bool? = nil, attachedFiles: [String] = []
  ) {
    self.method = method
    self.relativeURL = relativeURL
    self.body = body
    self.name = name
    self.dependsOn = dependsOn
    self.omitResponseOnSuccess = omitResponseOnSuccess
    self.attachedFiles = attachedFiles
  }

  /// The operation for `request`: GET and DELETE parameters go in `relative_url`, POST
  /// parameters in `body`. The request's token (and proof) are included only if it has one;
  /// leave it `nil` to use the batch's token. The version is the batch's, not the request's.
  public init(
    _ request: GraphRequest, name: String? = nil, dependsOn: String? = nil,
    omitResponseOnSuccess: Bool? = nil, attachedFiles: [String] = []
  ) {
    let path = request.pathComponents.map {
      Self.keepingReferences($0) { PercentEncoding.encode($0, allowed: GraphRequest.pathAllowed) }
    }.joined(separator: "/")
    let items = request.wireParameters
    var relativeURL = path
    var body: String?
    if request.method == .post {
      body = items.isEmpty ? nil : Self.keepingReferences(items.formEncoded) { $0 }
    } else if !items.isEmpty {
      relativeURL += "?" + Self.encodeQueryKeepingReferences(items)
    }
    self.init(
      method: request.method, relativeURL: relativeURL, body: body, name: name,
      dependsOn: dependsOn, omitResponseOnSuccess: omitResponseOnSuccess,
      attachedFiles: attachedFiles)
  }

  /// The operation's JSON object, members in the order Graph documents them.
  public var json: JSONValue {
    var object = JSONObject()
    object.append("method", .string(method.rawValue))
    object.append("relative_url", .string(relativeURL))
    if let body { object.append("body", .string(body)) }
    if let name { object.append("name", .string(name)) }
    if let dependsOn { object.append("depends_on", .string(dependsOn)) }
    if let omitResponseOnSuccess {
      object.append("omit_response_on_success", .bool(omitResponseOnSuccess))
    }
    if !attachedFiles.isEmpty {
      object.append("attached_files", .string(attachedFiles.joined(separator: ",")))
    }
    return .object(object)
  }

  /// The operation as the request Graph runs: `relative_url` split into path and query, `body`
  /// parsed as a form; references are left unresolved.
  public var graphRequest: GraphRequest {
    var parameters = QueryItems()
    if let body { parameters.items += QueryItems(parsing: body).items }
    return GraphRequest(method, relativeURL, parameters: parameters)
  }

  /// Query text with Graph encoding, but `{result=...}` references left as written.
  static func encodeQueryKeepingReferences(_ items: QueryItems) -> String {
    items.map { item in
      PercentEncoding.encode(item.name, allowed: PercentEncoding.queryValueAllowed) + "="
        + keepingReferences(item.value) {
          PercentEncoding.encode($0, allowed: PercentEncoding.queryValueAllowed)
        }
    }.joined(separator: "&")
  }

  /// Applies `encode` to `text` outside `{result=...}` references, which stay literal (with an
  /// already-encoded form body, encoded references are decoded back).
  static func keepingReferences(_ text: String, encode: (String) -> String) -> String {
    var out = ""
    var rest = Substring(text)
    let openers = ["{result=", "%7Bresult%3D"]
    while let (range, opener) = openers.compactMap({ o in rest.firstRange(of: o).map { ($0, o) } })
      .min(by: { $0.0.lowerBound < $1.0.lowerBound })
    {
      let closer = opener == "{result=" ? "}" : "%7D"
      guard let end = rest[range.upperBound...].firstRange(of: closer) else { break }
      out += encode(String(rest[..<range.lowerBound]))
      out += PercentEncoding.decode(rest[range.lowerBound..<end.upperBound], plusAsSpace: false)
      rest = rest[end.upperBound...]
    }
    return out + encode(String(rest))
  }
}
