import GraphAPI
import GraphJSON

/// Matching by meaning (`--match semantic`, issue 42): a request as a Graph call means it,
/// whoever wrote it. The iOS SDK 3.x sends `GET me` as `GET /v2.2/me` with
/// `format=json&sdk=ios` in a multipart body where the REPL sent `GET /me?access_token=...`:
/// both mean the same call.
extension RequestKey {
  /// Parameters the SDKs add for their own bookkeeping, which never change what Graph
  /// answers: the iOS SDK's `format`, `sdk`, `sdk_version`, `migration_bundle`; the JavaScript
  /// SDK's `suppress_http_code`, `pretty` and `callback`; the PHP and Python SDKs'
  /// `appsecret_time`. **[choice]**: the list is the SDKs' own parameters the project has seen.
  static let bookkeeping: [String] = [
    "format", "sdk", "sdk_version", "migration_bundle", "suppress_http_code", "pretty", "callback",
    "appsecret_time",
  ]
  private static let bookkeepingSet = Set(bookkeeping)

  /// The key of `request` as `matchers` compare it: by meaning when they say `.semantic`.
  init(_ request: HTTPRequest, matching matchers: MatcherSet) {
    self.init(request)
    if matchers.contains(.semantic) { self = meaning() }
  }

  /// This key by meaning: the path without its version prefix; the parameters of the query
  /// and of the body (form, multipart text parts, a JSON object's members) merged into one
  /// sorted list without the SDKs' bookkeeping (one pair given in both places counted once);
  /// only files (multipart parts with a file name,
  /// compared by name and content) and bodies of no parameters left as the body.
  func meaning() -> RequestKey {
    var key = self
    var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if let first = components.first, GraphRequest.normalisedVersion(first) != nil {
      components.removeFirst()
    }
    key.path = "/" + components.joined(separator: "/")
    var pairs = query
    switch body {
    case .form(let form):
      pairs += form
      key.body = .empty
    case .multipart(let parts):
      var files: [Part] = []
      for part in parts {
        switch (part.filename, part.content) {
        case (nil, .json(let value)):
          pairs.append(Pair(name: part.name, value: Self.printed(value)))
        case (nil, .bytes(let bytes)):
          let text = String(decoding: bytes, as: UTF8.self)
          pairs.append(Pair(name: part.name, value: Self.normalizedValue(part.name, text)))
        case (_, let content):
          files.append(Part(name: part.name, filename: nil, content: content))
        }
      }
      key.body = files.isEmpty ? .empty : .multipart(files.sorted())
    case .json(.object(let object)):
      for member in object.members {
        let value = member.value.stringValue ?? Self.printed(member.value)
        pairs.append(Pair(name: member.key, value: Self.normalizedValue(member.key, value)))
      }
      key.body = .empty
    default:
      break
    }
    pairs.removeAll { Self.bookkeepingSet.contains($0.name) }
    if let i = pairs.firstIndex(where: { $0.name == "method" }),
      let method = GraphMethod(name: pairs[i].value.uppercased())
    {
      key.method = method.rawValue
      pairs.remove(at: i)
    }
    // The iOS SDK 3.24 sends a POST's parameters in the URL and again in the body: the same
    // name and value given twice is one parameter (Graph reads one).
    var once = Set<Pair>()
    key.query = pairs.filter { once.insert($0).inserted }.sorted()
    return key
  }

  /// A JSON value printed as a form value holding JSON is normalised (`normalizedValue`).
  private static func printed(_ value: JSONValue) -> String {
    JSONPrinter(options: [.sortedKeys]).string(value)
  }
}
