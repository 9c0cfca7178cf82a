/// Writes a `GraphRequest` as code a developer can paste, like the Graph API Explorer's "Get
/// Code": curl, Objective-C (iOS SDK 3.x and 4+), Java (Android SDK), the JavaScript SDK, the
/// PHP SDK 5, Swift (URLSession) or Python (facebook-sdk); `CodeLanguage` declares them.
///
/// Secrets stay out unless asked for: the access token and `appsecret_proof` are written as
/// `<ACCESS_TOKEN>` and `<APPSECRET_PROOF>`, another secret parameter as `<CODE>`,
/// `<SIGNED_REQUEST>`, ...; the app secret itself is never written (`<APP_SECRET>`).
public struct CodeGenerator: Sendable {
  /// Stands in for the access token.
  public static let tokenPlaceholder = "<ACCESS_TOKEN>"
  /// Stands in for `appsecret_proof`.
  public static let proofPlaceholder = "<APPSECRET_PROOF>"

  /// Where the request goes (curl and Swift); default `https://graph.facebook.com`.
  public var baseURL: String
  /// Write the real token and proof instead of placeholders.
  public var includeToken: Bool

  public init(baseURL: String = GraphRequest.defaultBaseURL, includeToken: Bool = false) {
    var base = Substring(baseURL)
    while base.hasSuffix("/") { base = base.dropLast() }
    self.baseURL = String(base)
    self.includeToken = includeToken
  }

  /// The code for `request` in `language`, ending with a newline.
  ///
  /// `headers` are the header items the request was sent with (`Accept-Language:fr_FR`,
  /// `Authorization:"OAuth T"`): curl and Swift send them; the Python code sets them on the
  /// package's session; the SDKs (iOS, Android, JavaScript, PHP) cannot send headers, so
  /// their code names them in a comment. A token that went in `Authorization` stays there (curl, Swift) instead of
  /// becoming an `access_token` parameter.
  public func code(
    for request: GraphRequest, in language: CodeLanguage, headers: HTTPHeaders = [:]
  ) -> String {
    let headers = writtenHeaders(headers)
    switch language {
    case .curl: return curl(request, headers: headers)
    case .objc: return objectiveC(request, headers: headers)
    case .ios: return iOS(request, headers: headers)
    case .android: return android(request, headers: headers)
    case .js: return javaScript(request, headers: headers)
    case .php: return php(request, headers: headers)
    case .swift: return swift(request, headers: headers)
    case .python: return python(request, headers: headers)
    }
  }

  /// Headers the code itself sets from the request (or that the client sets), never copied.
  static let impliedHeaders: Set<String> = [
    "host", "content-type", "content-length", "connection", "transfer-encoding",
  ]

  /// `headers` as the code writes them: implied ones left out, the credentials of an
  /// `Authorization` header replaced by the placeholder unless the token is asked for.
  func writtenHeaders(_ headers: HTTPHeaders) -> [HTTPHeaders.Field] {
    headers.compactMap { field in
      let name = field.name.lowercased()
      guard !Self.impliedHeaders.contains(name) else { return nil }
      guard name == "authorization", !includeToken else { return field }
      let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
      return HTTPHeaders.Field(
        name: field.name,
        value: scheme.isEmpty ? Self.tokenPlaceholder : "\(scheme) \(Self.tokenPlaceholder)")
    }
  }

  /// Whether the token goes in an `Authorization` header rather than as `access_token`.
  func tokenInHeader(_ request: GraphRequest, _ headers: [HTTPHeaders.Field]) -> Bool {
    request.parameters["access_token"] == nil
      && headers.contains { $0.name.lowercased() == "authorization" }
  }

  /// Headers other than `Authorization` (for the SDKs, which send the token themselves).
  static func nonAuthorization(_ headers: [HTTPHeaders.Field]) -> [HTTPHeaders.Field] {
    headers.filter { $0.name.lowercased() != "authorization" }
  }

  /// The token as it should be written, or `nil` without one.
  func token(of request: GraphRequest) -> String? {
    request.accessToken.map { includeToken ? $0 : Self.tokenPlaceholder }
  }

  /// The proof as it should be written, or `nil` without token and secret.
  func proof(of request: GraphRequest) -> String? {
    request.appSecretProof.map { includeToken ? $0 : Self.proofPlaceholder }
  }

  /// `items` with their other secrets as placeholders (issue 44: an OAuth exchange's
  /// `client_secret` and `code` were written in clear): an app secret always as
  /// `<APP_SECRET>`, never written; another token, a code or a signed request as `<CODE>`,
  /// `<INPUT_TOKEN>`, ... unless the token is included.
  func hidingSecrets(_ items: QueryItems) -> QueryItems {
    var items = items
    for index in items.items.indices {
      let name = items.items[index].name.lowercased()
      guard SecretParameters.contains(name), name != "access_token",
        name != SecretParameters.appsecretProof
      else { continue }
      if SecretParameters.appSecrets.contains(name) {
        items.items[index].value = "<APP_SECRET>"
      } else if !includeToken {
        items.items[index].value = "<\(name.uppercased())>"
      }
    }
    return items
  }

  /// The parameters as sent, token and proof replaced as configured, other secrets as
  /// `hidingSecrets` writes them; without `access_token` when the token goes in an
  /// `Authorization` header.
  func wireParameters(
    of request: GraphRequest, headers: [HTTPHeaders.Field] = []
  ) -> QueryItems {
    var items = hidingSecrets(request.wireParameters)
    if tokenInHeader(request, headers) {
      items["access_token"] = nil
    } else if let token = token(of: request) {
      items["access_token"] = token
    }
    if let proof = proof(of: request) { items["appsecret_proof"] = proof }
    return items
  }

  /// The request's own parameters plus `appsecret_proof` (for SDKs that add the token).
  func parametersWithProof(of request: GraphRequest) -> QueryItems {
    var items = hidingSecrets(request.parameters)
    if let proof = proof(of: request) { items["appsecret_proof"] = proof }
    return items
  }

  /// `text` with percent-encoded placeholders put back (`%3CACCESS_TOKEN%3E` → `<ACCESS_TOKEN>`),
  /// so the spot to fill in stays obvious.
  static func readablePlaceholders(_ text: String) -> String {
    var text = text
    for name in ["ACCESS_TOKEN", "APPSECRET_PROOF", "APP_SECRET"]
      + SecretParameters.names.map({ $0.uppercased() })
    {
      text = text.replacing("%3C\(name)%3E", with: "<\(name)>")
    }
    return text
  }

  /// The path without its version or leading slash, encoded as on the wire: `me/friends`.
  func nodePath(of request: GraphRequest) -> String {
    var unversioned = request
    unversioned.version = nil
    return String(unversioned.encodedPath.dropFirst())
  }

  /// The path with its version, no leading slash: `v2.2/me/friends`.
  func versionedPath(of request: GraphRequest) -> String {
    String(request.encodedPath.dropFirst())
  }
}

extension CodeGenerator {
  /// The Swift string literal for `text` (exposed for tests of the escaping).
  package static func swiftStringForTesting(_ text: String) -> String { swiftString(text) }
  /// The JavaScript string literal for `text` (exposed for tests).
  package static func jsStringForTesting(_ text: String) -> String { jsString(text) }
  /// The Python string literal for `text` (exposed for tests of the escaping).
  package static func pythonStringForTesting(_ text: String) -> String { pythonString(text) }
}
