import GraphAPI

/// Finds the secrets an exchange carries. Every field (the URL with its path, query and
/// fragment, each header value, both bodies) goes through `SecretScanner`, which reads
/// `name=value` and `"name": "value"` pairs and token shapes in any encoding; on top of that the
/// places no text rule sees: the `Authorization` header (`Bearer`/`OAuth`), headers named for
/// a secret (`X-Access-Token`), and multipart parts named for one.
enum SecretFinder {
  /// Header fields found to hold no secret, remembered by a redactor across interactions: a
  /// session sends and gets the same `Content-Type`, `User-Agent` and the like every time.
  /// Whether a field holds a secret depends on its name and value alone. **[choice]** At most
  /// `kept` fields of at most `longestValue` bytes each; a field holding a secret is never kept.
  /// It also keeps the last URL and bodies scanned, with what they held (`secrets(inURL:)`).
  struct CleanHeaders {
    struct Field: Hashable {
      var name: String
      var value: String
    }
    static let kept = 512
    static let longestValue = 256
    var fields: Set<Field> = []
    /// The last request's and the last response's header fields by position, each when it
    /// was found to hold no secret (`nil` when it held one, or was too long to keep): a field
    /// equal to the one at its position last time is known clean without hashing it.
    var last: [[Field?]] = [[], []]
    /// Lists of more fields than this are not kept by position.
    static let keptByPosition = 64

    /// The last URL, and the last request and answer bodies, scanned, with the secrets each
    /// held: a text equal to the last one in its place holds the same ones, since the scan
    /// reads nothing but the text (a client polling one read sends the same URL and gets the
    /// same answer every time). **[choice]** Texts of at most `keptTextBytes`.
    var lastURL = ""
    var lastURLSecrets: [Secret] = []
    var lastBodies: [[UInt8]] = [[], []]
    var lastBodySecrets: [[Secret]] = [[], []]
    static let keptTextBytes = 64 << 10

    /// `SecretScanner.secrets(in:)` of `url`, or what it was for the same URL last time.
    mutating func secrets(inURL url: String) -> [Secret] {
      if !url.isEmpty, url == lastURL { return lastURLSecrets }
      let found = SecretScanner.secrets(in: Array(url.utf8))
      if url.utf8.count <= Self.keptTextBytes { (lastURL, lastURLSecrets) = (url, found) }
      return found
    }

    /// `SecretScanner.secrets(in:)` of `body`, or what it was for the same body on `side`
    /// last time.
    mutating func secrets(inBody body: [UInt8], side: Side) -> [Secret] {
      if !body.isEmpty, body == lastBodies[side.rawValue] {
        return lastBodySecrets[side.rawValue]
      }
      let found = SecretScanner.secrets(in: body)
      let kept = body.count <= Self.keptTextBytes
      lastBodies[side.rawValue] = kept ? body : []
      lastBodySecrets[side.rawValue] = kept ? found : []
      return found
    }
  }

  /// Which of `CleanHeaders.last` a list of headers is compared with.
  enum Side: Int {
    case request = 0
    case response = 1
  }

  static func secrets(in request: HTTPRequest) -> [Secret] {
    var memo = CleanHeaders()
    return secrets(in: request, memo: &memo)
  }

  static func secrets(in request: HTTPRequest, memo: inout CleanHeaders) -> [Secret] {
    var found = memo.secrets(inURL: request.url)
    inHeaders(request.headers, into: &found, memo: &memo, side: .request)
    found += memo.secrets(inBody: request.body, side: .request)
    if let contentType = request.headers["Content-Type"],
      contentType.lowercased().hasPrefix("multipart/"),
      let multipart = try? MultipartFormData(parsing: request.body, contentType: contentType)
    {
      for part in multipart.parts {
        if let kind = SecretScanner.kind(ofName: part.name) {
          let text = String(decoding: part.body, as: UTF8.self).trimmingSpaces
          if !text.isEmpty { found.append(Secret(kind, text)) }
        }
      }
    }
    return found
  }

  static func secrets(in response: HTTPResponse) -> [Secret] {
    var memo = CleanHeaders()
    return secrets(in: response, memo: &memo)
  }

  static func secrets(in response: HTTPResponse, memo: inout CleanHeaders) -> [Secret] {
    var found = memo.secrets(inBody: response.body, side: .response)
    inHeaders(response.headers, into: &found, memo: &memo, side: .response)
    return found
  }

  static func inHeaders(_ headers: HTTPHeaders, into found: inout [Secret]) {
    var memo = CleanHeaders()
    inHeaders(headers, into: &found, memo: &memo)
  }

  /// As `inHeaders(_:into:)`, skipping the fields `memo` knows hold none and remembering
  /// those found to hold none.
  static func inHeaders(
    _ headers: HTTPHeaders, into found: inout [Secret], memo: inout CleanHeaders,
    side: Side = .request
  ) {
    let byPosition = headers.count <= CleanHeaders.keptByPosition
    // Updated in place where a field differs from last time (taken out of `memo` so that it
    // is not copied).
    var clean = byPosition ? memo.last[side.rawValue] : []
    memo.last[side.rawValue] = []
    if clean.count > headers.count { clean.removeLast(clean.count - headers.count) }
    for (position, field) in headers.enumerated() {
      if byPosition, position < clean.count, let known = clean[position],
        known.name == field.name, known.value == field.value
      {
        continue
      }
      let key = CleanHeaders.Field(name: field.name, value: field.value)
      let short = field.value.utf8.count <= CleanHeaders.longestValue
      var holdsNone = true
      // A value no scan can find a secret in, under a name that says none, is clean with no
      // hashing and nothing kept (the emulator's and Graph's `x-fb-trace-id`, new each time).
      if !cannotHoldASecret(name: field.name, value: field.value), !memo.fields.contains(key) {
        let before = found.count
        inField(name: field.name, value: field.value, into: &found)
        holdsNone = found.count == before
        if holdsNone, memo.fields.count < CleanHeaders.kept, short {
          memo.fields.insert(key)
        }
      }
      guard byPosition else { continue }
      let entry = holdsNone && short ? key : nil
      if position < clean.count {
        clean[position] = entry
      } else {
        clean.append(entry)
      }
    }
    memo.last[side.rawValue] = clean
  }

  /// Whether the header field `name: value` holds no secret by its bytes alone: a value
  /// shorter than a token found by shape (`SecretScanner.shortestShapedToken`) with none of
  /// `=`, `:` (no `name=value` or `"name": "value"` pair), `|` (no app token), `.` (no signed
  /// request), `%` or `\` (nothing decodes to one of those), under a name that is neither
  /// `Authorization` nor one naming a secret (`X-Access-Token`), whose whole value would be one.
  static func cannotHoldASecret(name: String, value: String) -> Bool {
    let utf8 = value.utf8
    guard utf8.count < SecretScanner.shortestShapedToken,
      !utf8.contains(where: isUnscanned)
    else { return false }
    return !isAuthorization(name) && SecretScanner.kind(ofName: name, isHeader: true) == nil
  }

  /// `=`, `:`, `|`, `.`, `%` and `\`: the bytes without which a short value holds no secret.
  static func isUnscanned(_ b: UInt8) -> Bool {
    switch b {
    case 0x3D, 0x3A, 0x7C, 0x2E, 0x25, 0x5C: true
    default: false
    }
  }

  /// Whether `name` is `Authorization` without case (`lowercased()`'s; an ASCII name is
  /// compared byte by byte, with no `String` made).
  static func isAuthorization(_ name: String) -> Bool {
    let utf8 = name.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return name.lowercased() == "authorization" }
    return utf8.count == authorization.count
      && zip(utf8, authorization).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
  }

  private static let authorization = Array("authorization".utf8)

  /// The secrets one header field carries.
  private static func inField(name: String, value: String, into found: inout [Secret]) {
    found += SecretScanner.secrets(in: Array(value.utf8))
    if isAuthorization(name) {
      let parts = value.split(separator: " ", maxSplits: 1)
      let token = String(parts.count == 2 ? parts[1] : Substring(value)).trimmingSpaces
      if !token.isEmpty, !Secret.isStandIn(token) { found.append(.accessToken(token)) }
    } else if let kind = SecretScanner.kind(ofName: name, isHeader: true) {
      let trimmed = value.trimmingSpaces
      if !trimmed.isEmpty { found.append(Secret(kind, trimmed)) }
    }
  }
}
