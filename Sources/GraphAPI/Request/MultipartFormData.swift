import GraphJSON

/// A `multipart/form-data` body (RFC 7578): encodes uploads for POST and parses them back, for
/// the emulator, the cassette matcher and the server.
public struct MultipartFormData: Sendable, Hashable {
  /// The boundary the Facebook iOS SDK 3.x uses; the default here, so bodies are deterministic.
  public static let defaultBoundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"

  /// One part: a form field, or a file when it has a `filename`.
  public struct Part: Sendable, Hashable {
    public var name: String
    public var filename: String?
    public var contentType: String?
    public var body: [UInt8]

    public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
      self.name = name
      self.filename = filename
      self.contentType = contentType
      self.body = body
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  public var boundary: String
  public var parts: [Part]

  public init(boundary: String = MultipartFormData.defaultBoundary, parts: [Part] = []) {
    self.boundary = boundary
    self.parts = parts
  }

  /// Text fields first, then files. The boundary is the iOS SDK's, lengthened with `-1`, `-2`,
  /// ... in the unlikely case a part contains it.
  public init(parameters: QueryItems, uploads: [GraphUpload]) {
    var parts = parameters.map { Part(name: $0.name, body: Array($0.value.utf8)) }
    parts += uploads.map {
      Part(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: $0.bytes)
    }
    var boundary = Self.defaultBoundary
    var attempt = 0
    while parts.contains(where: {
      Self.find(Array("--\(boundary)".utf8), in: $0.body, from: 0) != nil
    }) {
      attempt += 1
      boundary = Self.defaultBoundary + "-\(attempt)"
    }
    self.init(boundary: boundary, parts: parts)
  }

  /// `multipart/form-data; boundary=...`.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The parts without a file name, as parameters.
  public var parameters: QueryItems {
    QueryItems(parts.filter { $0.filename == nil }.map { .init(name: $0.name, value: $0.text) })
  }

  /// The parts with a file name, as uploads.
  public var uploads: [GraphUpload] {
    parts.compactMap { part in
      part.filename.map {
        GraphUpload(
          name: part.name, filename: $0,
          contentType: part.contentType ?? "application/octet-stream",
          bytes: part.body)
      }
    }
  }

  /// The body bytes, CRLF line ends, closed by `--boundary--`.
  public func encoded() -> [UInt8] {
    var out: [UInt8] = []
    for part in parts {
      var head =
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quote(part.name))\""
      if let filename = part.filename { head += "; filename=\"\(Self.quote(filename))\"" }
      head += "\r\n"
      if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
      head += "\r\n"
      out += Array(head.utf8)
      out += part.body
      out += Array("\r\n".utf8)
    }
    out += Array("--\(boundary)--\r\n".utf8)
    return out
  }

  /// The `boundary` parameter of a `multipart/form-data` Content-Type, unquoted.
  public static func boundary(fromContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
      var value = pair[1].trimmingSpaces
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// Parses a body sent with `contentType` (which must carry a boundary).
  public init(parsing body: [UInt8], contentType: String) throws(GraphAPIError) {
    guard let boundary = Self.boundary(fromContentType: contentType) else {
      throw .missingBoundary(contentType: contentType)
    }
    self = try Self.parse(body: body, boundary: boundary)
  }

  /// Escapes what may not appear inside a quoted header parameter, as browsers do.
  static func quote(_ text: String) -> String {
    // A backslash too: the reader takes `\"` inside quotes as an escaped quote, so a name
    // ending in `\` would swallow the closing quote (found by the multipart fuzz target).
    text.replacingAll("\\", with: "%5C").replacingAll("\"", with: "%22")
      .replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
  }

  /// The first index at or after `start` where `needle` occurs in `haystack`.
  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var i = start
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == first {
        var j = 1
        while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
        if j == needle.count { return i }
      }
      i += 1
    }
    return nil
  }
}
