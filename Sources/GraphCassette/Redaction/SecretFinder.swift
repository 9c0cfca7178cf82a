import GraphAPI
import GraphJSON

/// Finds the secrets an exchange carries, wherever Graph traffic puts them: query strings, form
/// bodies, multipart parts, batch `relative_url` and `body`, the Authorization header, and
/// response bodies (`access_token` fields, paging URLs, batch answers holding JSON as text).
enum SecretFinder {
  static func secrets(in request: HTTPRequest) -> [Secret] {
    var found: [Secret] = []
    found += inURL(request.url)
    for field in request.headers where field.name.lowercased() == "authorization" {
      let parts = field.value.split(separator: " ", maxSplits: 1)
      let token = parts.count == 2 ? parts[1] : Substring(field.value)
      found.append(.accessToken(String(token).trimmingSpaces))
    }
    found += inBody(request.body, contentType: request.headers["Content-Type"])
    return found
  }

  static func secrets(in response: HTTPResponse) -> [Secret] {
    var found: [Secret] = []
    if let value = try? JSONParser.parse(response.body) { inJSON(value, into: &found) }
    for field in response.headers where field.name.lowercased() == "location" {
      found += inURL(field.value)
    }
    return found
  }

  /// Secret parameters of a URL's query (absolute or relative, as in a batch `relative_url`).
  static func inURL(_ url: String) -> [Secret] {
    guard let q = url.firstIndex(of: "?") else { return [] }
    return inPairs(QueryItems(parsing: url[url.index(after: q)...]))
  }

  static func inPairs(_ items: QueryItems) -> [Secret] {
    var found: [Secret] = []
    for item in items {
      if let kind = Secret.parameterKinds[item.name.lowercased()] {
        found.append(Secret(kind, item.value))
      } else if item.name == "batch", let value = try? JSONParser.parse(item.value) {
        inBatch(value, into: &found)
      }
    }
    return found
  }

  static func inBody(_ body: [UInt8], contentType: String?) -> [Secret] {
    guard !body.isEmpty else { return [] }
    if let contentType,
      let multipart = try? MultipartFormData(parsing: body, contentType: contentType)
    {
      var found: [Secret] = []
      for part in multipart.parts {
        let name = part.name
        let text = String(decoding: part.body, as: UTF8.self)
        if let kind = Secret.parameterKinds[name.lowercased()] {
          found.append(Secret(kind, text))
        } else if name == "batch", let value = try? JSONParser.parse(text) {
          inBatch(value, into: &found)
        }
      }
      return found
    }
    if let value = try? JSONParser.parse(body) {
      var found: [Secret] = []
      inJSON(value, into: &found)
      return found
    }
    return inPairs(QueryItems(parsing: String(decoding: body, as: UTF8.self)))
  }

  /// A batch array: each operation's `relative_url` query and URL-encoded `body`.
  static func inBatch(_ value: JSONValue, into found: inout [Secret]) {
    inJSON(value, into: &found)
    for operation in value.arrayValue ?? [] {
      if let url = operation["relative_url"]?.stringValue { found += inURL(url) }
      if let body = operation["body"]?.stringValue { found += inPairs(QueryItems(parsing: body)) }
    }
  }

  /// Secret-named members, query strings of URL values, and JSON held as text (batch answers).
  static func inJSON(_ value: JSONValue, into found: inout [Secret]) {
    switch value {
    case .object(let object):
      for member in object.members {
        if let kind = Secret.parameterKinds[member.key.lowercased()],
          let text = member.value.stringValue
        {
          found.append(Secret(kind, text))
        } else {
          inJSON(member.value, into: &found)
        }
      }
    case .array(let items):
      for item in items { inJSON(item, into: &found) }
    case .string(let text):
      if text.hasPrefix("http://") || text.hasPrefix("https://") {
        found += inURL(text)
      } else if text.first == "{" || text.first == "[", let inner = try? JSONParser.parse(text) {
        inJSON(inner, into: &found)
      }
    default: break
    }
  }
}
