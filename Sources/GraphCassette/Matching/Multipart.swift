/// A minimal `multipart/form-data` reader: enough to match parts by name and content and to
/// find secrets in them. Boundaries are found from the `Content-Type` header.
struct Multipart {
  struct Part: Hashable {
    var headers: [(name: String, value: String)]
    var name: String?
    var filename: String?
    var body: [UInt8]

    static func == (a: Part, b: Part) -> Bool {
      a.name == b.name && a.filename == b.filename && a.body == b.body
    }
    func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(filename)
      hasher.combine(body)
    }
  }

  var boundary: String
  var parts: [Part]

  /// The boundary parameter of a `multipart/*` content type.
  static func boundary(contentType: String) -> String? {
    guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
    for param in contentType.split(separator: ";").dropFirst() {
      let trimmed = param.trimmed(" \t")
      guard trimmed.lowercased().hasPrefix("boundary=") else { continue }
      var value = trimmed.dropFirst("boundary=".count)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
        value = value.dropFirst().dropLast()
      }
      return value.isEmpty ? nil : String(value)
    }
    return nil
  }

  /// Parses `body`; `nil` when the content type is not multipart or the body does not hold
  /// its boundary.
  init?(body: [UInt8], contentType: String) {
    guard let boundary = Self.boundary(contentType: contentType) else { return nil }
    self.boundary = boundary
    let delimiter = Array("--\(boundary)".utf8)
    let starts = Self.occurrences(of: delimiter, in: body)
    guard starts.count >= 2 else { return nil }
    var parts: [Part] = []
    for (a, b) in zip(starts, starts.dropFirst()) {
      var start = a + delimiter.count
      if body[start...].starts(with: [0x0D, 0x0A]) { start += 2 }
      var end = b
      if end >= 2, body[end - 2] == 0x0D, body[end - 1] == 0x0A { end -= 2 }
      guard start <= end else { continue }
      parts.append(Self.part(Array(body[start..<end])))
    }
    self.parts = parts
  }

  private static func part(_ bytes: [UInt8]) -> Part {
    let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
    let split = occurrences(of: separator, in: bytes).first
    let head = split.map { Array(bytes[..<$0]) } ?? []
    let body = split.map { Array(bytes[($0 + 4)...]) } ?? bytes
    var headers: [(String, String)] = []
    var name: String?
    var filename: String?
    for line in String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = String(line[..<colon])
      let value = line[line.index(after: colon)...].trimmed(" \t")
      headers.append((key, value))
      if key.lowercased() == "content-disposition" {
        name = parameter("name", in: value)
        filename = parameter("filename", in: value)
      }
    }
    return Part(headers: headers, name: name, filename: filename, body: body)
  }

  private static func parameter(_ key: String, in value: String) -> String? {
    for piece in value.split(separator: ";").dropFirst() {
      let trimmed = piece.trimmed(" \t")
      guard trimmed.hasPrefix(key + "=") else { continue }
      var v = trimmed.dropFirst(key.count + 1)
      if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = v.dropFirst().dropLast() }
      return String(v)
    }
    return nil
  }

  /// Offsets where `needle` starts in `haystack`, without overlaps.
  static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var result: [Int] = []
    var i = 0
    let first = needle[0]
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) {
        result.append(i)
        i += needle.count
      } else {
        i += 1
      }
    }
    return result
  }
}

extension StringProtocol {
  fileprivate func trimmed(_ set: String) -> String {
    var s = Substring(self)
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
