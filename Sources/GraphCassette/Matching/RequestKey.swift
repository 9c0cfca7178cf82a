import GraphAPI
import GraphJSON

/// A request reduced to what matching compares: secrets removed, parameter order and
/// multipart boundaries forgotten, JSON parsed. Equal keys match.
struct RequestKey: Hashable {
  /// One name/value parameter.
  struct Pair: Hashable, Comparable {
    var name: String
    var value: String
    static func < (a: Pair, b: Pair) -> Bool { (a.name, a.value) < (b.name, b.value) }
  }

  /// A body in comparable form.
  enum Body: Hashable {
    case empty
    case form([Pair])
    case json(JSONValue)
    case multipart([Part])
    case bytes([UInt8])
  }

  /// A multipart part: its name, file name and content.
  struct Part: Hashable, Comparable {
    var name: String
    var filename: String?
    var content: PartContent
    static func < (a: Part, b: Part) -> Bool {
      (a.name, a.filename ?? "") < (b.name, b.filename ?? "")
    }
  }

  enum PartContent: Hashable {
    case json(JSONValue)
    case bytes([UInt8])
  }

  var method = ""
  var host = ""
  var path = ""
  var query: [Pair] = []
  var body = Body.empty

  init(_ request: HTTPRequest) {
    let parts = URLParts(request.url)
    method = request.method.uppercased()
    host = parts?.origin ?? ""
    path = "/" + (parts?.pathComponents ?? []).joined(separator: "/")
    query = Self.pairs(parts?.queryItems ?? QueryItems())
    body = Self.body(request.body, contentType: request.headers["Content-Type"])
    let overrides = Set(GraphMethod.allCases.map(\.rawValue))
    if let i = query.firstIndex(where: { $0.name == "method" }),
      overrides.contains(query[i].value.uppercased())
    {
      method = query[i].value.uppercased()
      query.remove(at: i)
    } else if case .form(var pairs) = body,
      let i = pairs.firstIndex(where: { $0.name == "method" }),
      overrides.contains(pairs[i].value.uppercased())
    {
      method = pairs[i].value.uppercased()
      pairs.remove(at: i)
      body = .form(pairs)
    }
  }

  private init() {}

  /// This key with the parts `matchers` leave out blanked, for use as an index key.
  func masked(_ matchers: MatcherSet) -> RequestKey {
    var key = RequestKey()
    if matchers.contains(.method) { key.method = method }
    if matchers.contains(.host) { key.host = host }
    if matchers.contains(.path) { key.path = path }
    if matchers.contains(.query) { key.query = query }
    if matchers.contains(.body) { key.body = body }
    return key
  }

  /// Parameters sorted, secrets dropped, JSON-looking values normalised.
  static func pairs(_ items: QueryItems) -> [Pair] {
    items.compactMap { item -> Pair? in
      if Secret.isSecretParameter(item.name) { return nil }
      return Pair(name: item.name, value: normalizedValue(item.name, item.value))
    }.sorted()
  }

  /// `batch` operations normalised (their `relative_url` query and `body` sorted, secrets
  /// dropped); other JSON values printed canonically.
  static func normalizedValue(_ name: String, _ value: String) -> String {
    guard let first = value.first, first == "[" || first == "{",
      let json = try? JSONParser.parse(value)
    else { return value }
    return JSONPrinter(options: [.sortedKeys]).string(normalizedJSON(json, batch: name == "batch"))
  }

  static func normalizedJSON(_ value: JSONValue, batch: Bool) -> JSONValue {
    switch value {
    case .object(var object):
      object.members.removeAll { Secret.isSecretParameter($0.key) }
      for i in object.members.indices {
        let key = object.members[i].key
        if batch, key == "relative_url", let url = object.members[i].value.stringValue {
          object.members[i].value = .string(normalizedRelativeURL(url))
        } else if batch, key == "body", let body = object.members[i].value.stringValue {
          let pairs = Self.pairs(QueryItems(parsing: body))
          object.members[i].value = .string(
            pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
        } else {
          object.members[i].value = normalizedJSON(object.members[i].value, batch: batch)
        }
      }
      return .object(object)
    case .array(let items):
      return .array(items.map { normalizedJSON($0, batch: batch) })
    default:
      return value
    }
  }

  static func normalizedRelativeURL(_ url: String) -> String {
    guard let q = url.firstIndex(of: "?") else { return url }
    let pairs = Self.pairs(QueryItems(parsing: url[url.index(after: q)...]))
    return String(url[..<q]) + "?" + pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
  }

  static func body(_ bytes: [UInt8], contentType: String?) -> Body {
    if bytes.isEmpty { return .empty }
    let type = contentType?.lowercased() ?? ""
    if let contentType,
      let multipart = try? MultipartFormData(parsing: bytes, contentType: contentType)
    {
      let parts = multipart.parts.compactMap { part -> Part? in
        let name = part.name
        if Secret.isSecretParameter(name) { return nil }
        let text = String(decoding: part.body, as: UTF8.self)
        if let first = text.first, first == "[" || first == "{",
          let json = try? JSONParser.parse(part.body)
        {
          return Part(
            name: name, filename: part.filename,
            content: .json(normalizedJSON(json, batch: name == "batch")))
        }
        return Part(name: name, filename: part.filename, content: .bytes(part.body))
      }
      return .multipart(parts.sorted())
    }
    if type.contains("json") || type.isEmpty || type.hasPrefix("text/"),
      let json = try? JSONParser.parse(bytes)
    {
      return .json(normalizedJSON(json, batch: false))
    }
    let looksLikeForm =
      type.isEmpty && bytes.contains(UInt8(ascii: "="))
      && !bytes.contains { $0 <= 0x20 || $0 >= 0x7F }
    if type.hasPrefix("application/x-www-form-urlencoded") || looksLikeForm {
      return .form(pairs(QueryItems(parsing: String(decoding: bytes, as: UTF8.self))))
    }
    return .bytes(bytes)
  }
}
