extension CodeGenerator {
  /// API versions facebook-sdk 3.1.0 accepts in `GraphAPI(version=...)`.
  static let pythonSDKVersions: Set<String> = ["2.8", "2.9", "2.10", "2.11", "2.12", "3.0", "3.1"]

  /// facebook-sdk: `get_object`, `get_connections`, `put_object` or `delete_object` when the
  /// request's version is one the package accepts and the path has their shape, `request(...)`
  /// otherwise (those helpers would add the package's default version to an unversioned path).
  func python(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    var constructor: [String] = []
    if let token = token(of: request) {
      constructor.append("access_token=\(Self.pythonString(token))")
    }
    let items = parametersWithProof(of: request)
    let components = request.pathComponents
    let sdkVersion = request.version.map { String($0.dropFirst()) }
    var call: String
    if let sdkVersion, Self.pythonSDKVersions.contains(sdkVersion), request.uploads.isEmpty,
      let helper = Self.helperCall(request.method, components, items)
    {
      constructor.append("version=\(Self.pythonString(sdkVersion))")
      call = helper
    } else {
      var arguments = [Self.pythonString(versionedPath(of: request))]
      let dictionary = Self.pythonDict(items)
      if request.method == .post {
        arguments.append("post_args=\(dictionary)")
      } else if !items.isEmpty {
        arguments.append("args=\(dictionary)")
      }
      if !request.uploads.isEmpty {
        let files = request.uploads.map {
          "\(Self.pythonString($0.name)): (\(Self.pythonString($0.filename)), open(\(Self.pythonString($0.filename)), \"rb\"), \(Self.pythonString($0.contentType)))"
        }
        arguments.append("files={\(files.joined(separator: ", "))}")
      }
      arguments.append("method=\(Self.pythonString(request.method.rawValue))")
      call = "graph.request(\(arguments.joined(separator: ", ")))"
    }
    // The package sends the token as a parameter; other headers go on its requests.Session.
    let sessionHeaders = Self.nonAuthorization(headers)
    let setHeaders =
      sessionHeaders.isEmpty
      ? ""
      : "graph.session.headers.update("
        + Self.pythonDict(QueryItems(sessionHeaders.map { .init(name: $0.name, value: $0.value) }))
        + ")\n"
    return """
      import facebook

      graph = facebook.GraphAPI(\(constructor.joined(separator: ", ")))
      \(setHeaders)result = \(call)
      print(result)

      """
  }

  /// The facebook-sdk helper for a one- or two-component path, when every parameter name can
  /// be a Python keyword argument.
  static func helperCall(_ method: GraphMethod, _ components: [String], _ items: QueryItems)
    -> String?
  {
    let reserved: Set<String> = ["id", "connection_name", "parent_object", "self"]
    guard items.allSatisfy({ isIdentifier($0.name) && !reserved.contains($0.name) }),
      Set(items.map(\.name)).count == items.count
    else { return nil }
    let keywords = items.map { "\($0.name)=\(pythonString($0.value))" }
    switch (method, components.count) {
    case (.get, 1):
      return "graph.get_object("
        + (["id=\(pythonString(components[0]))"] + keywords).joined(separator: ", ") + ")"
    case (.get, 2):
      return "graph.get_connections("
        + (["id=\(pythonString(components[0]))", "connection_name=\(pythonString(components[1]))"]
        + keywords)
        .joined(separator: ", ") + ")"
    case (.post, 2):
      return "graph.put_object("
        + ([
          "parent_object=\(pythonString(components[0]))",
          "connection_name=\(pythonString(components[1]))",
        ]
        + keywords).joined(separator: ", ") + ")"
    case (.delete, 1) where items.isEmpty:
      return "graph.delete_object(id=\(pythonString(components[0])))"
    default:
      return nil
    }
  }

  static let pythonKeywords: Set<String> = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
  ]

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first,
      first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return !pythonKeywords.contains(name)
      && name.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
      }
  }

  /// A Python string literal in double quotes.
  static func pythonString(_ text: String) -> String {
    "\"" + cStyleEscaped(text) + "\""
  }

  /// A Python dict literal of the parameters, in order (names may repeat only in `request`).
  static func pythonDict(_ items: QueryItems) -> String {
    "{"
      + items.map { "\(pythonString($0.name)): \(pythonString($0.value))" }.joined(separator: ", ")
      + "}"
  }
}
