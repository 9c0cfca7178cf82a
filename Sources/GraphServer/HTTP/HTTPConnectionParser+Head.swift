import GraphAPI

extension HTTPConnectionParser {
  enum LineScanResult {
    case incomplete, firstLineTooLong, sectionTooLong, tooManyLines
    /// The section ends `end` bytes after `start`.
    case complete(end: Int)
  }

  private static let lf = UInt8(ascii: "\n")
  private static let cr = UInt8(ascii: "\r")

  /// Reads the request line and header section, then decides how the body is framed.
  mutating func scanHead() -> Action? {
    if scan.scanned == 0, scan.lines.isEmpty {
      // Empty lines before a request line are ignored (RFC 9112 §2.2).
      while start < buffer.count, buffer[start] == Self.cr || buffer[start] == Self.lf {
        start += 1
      }
    }
    switch scanLines(limit: limits.maxHeaderBytes, firstLineLimit: limits.maxRequestLineBytes) {
    case .incomplete:
      return starved()
    case .firstLineTooLong:
      return reject(414, "the request line is longer than \(limits.maxRequestLineBytes) bytes")
    case .sectionTooLong:
      return reject(431, "the header section is larger than \(limits.maxHeaderBytes) bytes")
    case .tooManyLines:
      return reject(431, "there are more than \(limits.maxHeaderCount) header fields")
    case .complete(let end):
      let parsed = parseHead()
      start += end
      switch parsed {
      case .failure(let error):
        guard case .badRequest(let status, let reason) = error else {
          return reject(400, "\(error)")
        }
        return reject(status, reason)
      case .success(let (head, framing)):
        body = []
        switch framing {
        // No body: the head becomes the request at once, never stored.
        case .none: return complete(head)
        case .chunked: phase = .chunkSize
        case .length(let length):
          remaining = length
          phase = .fixedBody
        }
        self.head = head
        return nil
      }
    }
  }

  /// Scans for the empty line that ends a head (`firstLineLimit` set: its first line is the
  /// request line) or a trailer section, recording line ranges in `scan`.
  mutating func scanLines(limit: Int, firstLineLimit: Int? = nil) -> LineScanResult {
    let available = buffer.count - start
    let hasFirstLine = firstLineLimit != nil
    var position = scan.scanned
    while position < available,
      let lf = buffer[(start + position)...].firstIndex(of: Self.lf)
    {
      let at = lf - start
      var end = at
      if end > scan.lineStart, buffer[start + end - 1] == Self.cr { end -= 1 }
      let isFirst = hasFirstLine && scan.lines.isEmpty
      if let firstLineLimit, isFirst, end - scan.lineStart > firstLineLimit {
        return .firstLineTooLong
      }
      if !isFirst, at + 1 - scan.sectionStart > limit + 2 { return .sectionTooLong }
      if end == scan.lineStart, !isFirst {
        scan.scanned = at + 1
        return .complete(end: at + 1)
      }
      scan.lines.append(scan.lineStart..<end)
      if isFirst { scan.sectionStart = at + 1 }
      scan.lineStart = at + 1
      position = at + 1
      if scan.lines.count - (hasFirstLine ? 1 : 0) > limits.maxHeaderCount { return .tooManyLines }
    }
    scan.scanned = available
    if let firstLineLimit, scan.lines.isEmpty {
      return available > firstLineLimit + 1 ? .firstLineTooLong : .incomplete
    }
    return available - scan.sectionStart > limit + 2 ? .sectionTooLong : .incomplete
  }

  enum BodyFraming { case none, length(Int), chunked }

  /// The framing headers, picked out while the fields are read.
  struct FramingFields {
    var host: String?
    var hostCount = 0
    var connectionValues: [String] = []
    var codingValues: [String] = []
    var lengths: [String] = []
    var expectation: String?

    /// Notes `value` when `name` (ASCII token bytes) is one of the framing headers.
    mutating func note(_ name: Bytes, _ value: String) {
      switch name.count {
      case 4 where HTTPConnectionParser.sameName(name, "host"):
        if host == nil { host = value }
        hostCount += 1
      case 6 where expectation == nil && HTTPConnectionParser.sameName(name, "expect"):
        expectation = value
      case 10 where HTTPConnectionParser.sameName(name, "connection"):
        connectionValues.append(value)
      case 14 where HTTPConnectionParser.sameName(name, "content-length"):
        lengths.append(value)
      case 17 where HTTPConnectionParser.sameName(name, "transfer-encoding"):
        codingValues.append(value)
      default: break
      }
    }
  }

  /// The bytes of part of the head, read in place.
  typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  /// Whether `name` is `lowercase` in any case (`lowercase` is lowercase ASCII).
  static func sameName(_ name: Bytes, _ lowercase: StaticString) -> Bool {
    guard name.count == lowercase.utf8CodeUnitCount else { return false }
    let other = lowercase.utf8Start
    var offset = 0
    for byte in name {
      let folded = byte &- 65 < 26 ? byte | 0x20 : byte
      guard folded == other[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// Parses the lines `scan` found into a request head and the body's framing.
  func parseHead() -> Result<(Head, BodyFraming), GraphServerError> {
    buffer.withUnsafeBufferPointer { parseHead(in: $0) }
  }

  /// `parseHead()` over the buffer's bytes in place: no slice of the array (and no reference
  /// count traffic) for each line and field.
  private func parseHead(in all: UnsafeBufferPointer<UInt8>) -> Result<
    (Head, BodyFraming), GraphServerError
  > {
    func bad(_ reason: String, _ status: Int = 400) -> Result<(Head, BodyFraming), GraphServerError>
    {
      .failure(.badRequest(status: status, reason: reason))
    }
    guard let first = scan.lines.first else { return bad("the request line is missing") }
    let line = all[(start + first.lowerBound)..<(start + first.upperBound)]
    guard let parts = Self.requestLineParts(line), !parts.method.isEmpty,
      !parts.target.isEmpty, !parts.version.isEmpty
    else {
      return bad("the request line '\(Self.text(line))' is not 'METHOD target HTTP/1.1'")
    }
    guard parts.method.allSatisfy(Self.isTokenByte) else {
      return bad("the method '\(Self.text(parts.method))' is not a token")
    }
    // Methods are case-sensitive (RFC 9110 9.1): `get` is not GET, and is no method served.
    if parts.method.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) {
      return bad("the method '\(Self.text(parts.method))' is not implemented", 501)
    }
    guard let (major, minorDigit) = Self.version(parts.version) else {
      return bad("'\(Self.text(parts.version))' is not an HTTP version")
    }
    guard major == 1 else { return bad("HTTP/\(major) is not supported", 505) }
    let minor = min(minorDigit, 1)
    // `OPTIONS *` asks about the server as a whole (RFC 9112 3.2.4).
    let asterisk = parts.target.elementsEqual([UInt8(ascii: "*")])
    guard
      let target = asterisk && Self.method(parts.method) == "OPTIONS"
        ? "*" : Self.target(parts.target)
    else {
      return bad("the request target '\(Self.text(parts.target))' is not a path or an http URL")
    }
    var headers = HTTPHeaders()
    headers.fields.reserveCapacity(scan.lines.count - 1)
    var framingFields = FramingFields()
    for range in scan.lines.dropFirst() {
      let field = all[(start + range.lowerBound)..<(start + range.upperBound)]
      guard let colon = field.firstIndex(of: UInt8(ascii: ":")),
        colon > field.startIndex, field[..<colon].allSatisfy(Self.isTokenByte)
      else { return bad("the header line '\(Self.text(field))' is not 'Name: value'") }
      var value = field[(colon + 1)...]
      while let b = value.first, b == 32 || b == 9 { value = value.dropFirst() }
      while let b = value.last, b == 32 || b == 9 { value = value.dropLast() }
      var ascii = true
      for byte in value {
        guard byte >= 32 && byte != 127 || byte == 9 else {
          return bad("the header \(Self.text(field[..<colon])) has a control character")
        }
        if byte >= 0x80 { ascii = false }
      }
      let name = field[..<colon]
      let text = ascii ? String(decoding: value, as: UTF8.self) : Self.string(value)
      framingFields.note(name, text)
      headers.fields.append(.init(name: String(decoding: name, as: UTF8.self), value: text))
    }
    return framing(
      method: Self.method(parts.method), target: target, minor: minor, headers: headers,
      fields: framingFields)
  }

  /// Checks `Host`, `Connection`, `Expect` and works out how the body is framed.
  func framing(
    method: String, target: String, minor: Int, headers: HTTPHeaders, fields: FramingFields
  ) -> Result<(Head, BodyFraming), GraphServerError> {
    func bad(_ reason: String, _ status: Int = 400) -> Result<(Head, BodyFraming), GraphServerError>
    {
      .failure(.badRequest(status: status, reason: reason))
    }
    let host = fields.host
    let hostCount = fields.hostCount
    let lengths = fields.lengths
    if minor >= 1, hostCount != 1 {
      return bad(
        hostCount == 0 ? "the Host header is missing" : "there is more than one Host header")
    }
    if let host, !host.utf8.allSatisfy(Self.isAuthorityByte) {
      return bad("the Host header '\(host)' is not a host name")
    }
    let connection = Self.tokens(fields.connectionValues)
    let keepAlive =
      !connection.contains("close") && (minor >= 1 || connection.contains("keep-alive"))
    var expectsContinue = false
    if let expect = fields.expectation {
      guard expect.lowercased() == "100-continue" else {
        return bad("the expectation '\(expect)' is not supported", 417)
      }
      expectsContinue = minor >= 1
    }
    let head = Head(
      method: method, target: target, minorVersion: minor, headers: headers, host: host,
      keepAlive: keepAlive, expectsContinue: expectsContinue)
    let codings = Self.tokens(fields.codingValues)
    if !codings.isEmpty {
      guard lengths.isEmpty else { return bad("both Transfer-Encoding and Content-Length are set") }
      guard minor >= 1 else { return bad("Transfer-Encoding is not allowed in HTTP/1.0") }
      guard codings.last == "chunked" else {
        return bad("the body length is unknown: Transfer-Encoding does not end with chunked")
      }
      // Chunked once, and last (RFC 9112 6.1); any other coding is not supported.
      if codings.dropLast().contains("chunked") {
        return bad("Transfer-Encoding applies chunked more than once")
      }
      if let other = codings.first(where: { $0 != "chunked" }) {
        return bad("the transfer coding '\(other)' is not supported", 501)
      }
      return .success((head, .chunked))
    }
    guard !lengths.isEmpty else { return .success((head, .none)) }
    let values = Set(lengths.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces })
    guard values.count == 1, let text = values.first, (1...18).contains(text.count),
      text.utf8.allSatisfy({ (48...57).contains($0) }), let length = Int(text)
    else { return bad("the Content-Length '\(lengths.joined(separator: ","))' is not a length") }
    guard length <= limits.maxBodyBytes else {
      return bad("the body of \(length) bytes is larger than \(limits.maxBodyBytes) bytes", 413)
    }
    return .success((head, length == 0 ? .none : .length(length)))
  }

  /// The request line's three parts, cut at its two spaces (`nil` unless it has exactly two:
  /// such a line is never 'METHOD target HTTP/1.1').
  static func requestLineParts(_ line: Bytes) -> (method: Bytes, target: Bytes, version: Bytes)? {
    guard let first = line.firstIndex(of: 32),
      let second = line[(first + 1)...].firstIndex(of: 32),
      !line[(second + 1)...].contains(32)
    else { return nil }
    return (line[..<first], line[(first + 1)..<second], line[(second + 1)...])
  }

  /// The method token as text; the common ones are shared literals, not new strings.
  static func method(_ bytes: Bytes) -> String {
    switch bytes.count {
    case 3 where bytes.elementsEqual("GET".utf8): "GET"
    case 3 where bytes.elementsEqual("PUT".utf8): "PUT"
    case 4 where bytes.elementsEqual("POST".utf8): "POST"
    case 4 where bytes.elementsEqual("HEAD".utf8): "HEAD"
    case 6 where bytes.elementsEqual("DELETE".utf8): "DELETE"
    default: String(decoding: bytes, as: UTF8.self)
    }
  }

  /// `(major, minor)` of `HTTP/d.d`, or `nil` when `bytes` is not an HTTP version.
  static func version(_ bytes: Bytes) -> (Int, Int)? {
    guard bytes.count == 8 else { return nil }
    let s = bytes.startIndex
    guard bytes[s] == 72, bytes[s + 1] == 84, bytes[s + 2] == 84, bytes[s + 3] == 80,
      bytes[s + 4] == UInt8(ascii: "/"), bytes[s + 6] == UInt8(ascii: "."),
      (48...57).contains(bytes[s + 5]), (48...57).contains(bytes[s + 7])
    else { return nil }
    return (Int(bytes[s + 5] - 48), Int(bytes[s + 7] - 48))
  }

  /// The request target as text: origin form (`/...`) or absolute `http(s)://` form.
  static func target(_ bytes: Bytes) -> String? {
    var ascii = true
    for byte in bytes {
      guard byte > 32, byte != 127 else { return nil }
      if byte >= 0x80 { ascii = false }
    }
    if ascii, bytes.first == UInt8(ascii: "/") { return String(decoding: bytes, as: UTF8.self) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    if text.hasPrefix("/") { return text }
    let lower = text.prefix(8).lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://"), URLParts(text) != nil {
      return text
    }
    return nil
  }

  /// Comma-separated tokens of every value, trimmed and lowercased, empty ones dropped.
  static func tokens(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces.lowercased() }
      .filter { !$0.isEmpty }
  }

  /// A header value as text: UTF-8 when it is valid, else each byte as Latin-1.
  static func string(_ bytes: Bytes) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// RFC 9110 `tchar`.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
      UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// A byte allowed in a `Host` header (RFC 3986 authority without userinfo).
  static func isAuthorityByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
      return true
    default:
      return false
    }
  }
}
