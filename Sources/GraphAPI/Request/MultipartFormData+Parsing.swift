extension MultipartFormData {
  /// Parses a `multipart/form-data` body delimited by `boundary` (CRLF line ends, as every
  /// client sends them). Text before the first delimiter and after the last one is ignored.
  ///
  /// Read as Graph read the Facebook iOS SDK 3.x (FBRequestBody.m, every 3.x release): an
  /// empty body is no parts (the SDK sends its multipart Content-Type on every GET and DELETE),
  /// and a body may end right after a delimiter and its CRLF, without the closing `--B--` (the
  /// SDK ends each part with `\r\n--B\r\n` and never closes the body). A part whose content
  /// runs to the end with no delimiter after it is still malformed.
  public static func parse(body: [UInt8], boundary: String) throws(GraphAPIError)
    -> MultipartFormData
  {
    if body.isEmpty { return MultipartFormData(boundary: boundary, parts: []) }
    let delimiter = Array("--\(boundary)".utf8)
    let crlf: [UInt8] = [13, 10]
    guard var position = find(delimiter, in: body, from: 0) else {
      throw .malformedMultipart(reason: "no '--\(boundary)' delimiter", offset: 0)
    }
    var parts: [Part] = []
    while true {
      position += delimiter.count
      if body[position...].starts(with: [45, 45]) { break }  // "--": the closing delimiter
      while position < body.count && (body[position] == 32 || body[position] == 9) {
        position += 1
      }
      if position == body.count { break }  // unterminated: the body ends at a delimiter
      guard body[position...].starts(with: crlf) else {
        throw .malformedMultipart(reason: "expected CRLF after the delimiter", offset: position)
      }
      position += 2
      if position == body.count { break }  // the iOS SDK 3.x's end: `\r\n--B\r\n`, no `--B--`
      guard let headerEnd = find(crlf + crlf, in: body, from: position - 2) else {
        throw .malformedMultipart(reason: "part headers never end", offset: position)
      }
      let headers = try parseHeaders(Array(body[position..<max(position, headerEnd)]), at: position)
      let contentStart = headerEnd + 4
      guard let next = find(crlf + delimiter, in: body, from: contentStart - 2) else {
        throw .malformedMultipart(reason: "part is not closed by a delimiter", offset: contentStart)
      }
      let content = next >= contentStart ? Array(body[contentStart..<next]) : []
      guard let disposition = headers["content-disposition"] else {
        throw .malformedMultipart(reason: "part without Content-Disposition", offset: position)
      }
      let fields = dispositionParameters(disposition)
      // The legacy Facebook SDK writes file parts as `form-data; filename="KEY"` with no name
      // (FBRequest.m generatePostBody at tag v1.last): the file name stands for it.
      guard let name = fields["name"] ?? fields["filename"] else {
        throw .malformedMultipart(reason: "Content-Disposition without a name", offset: position)
      }
      parts.append(
        Part(
          name: name, filename: fields["filename"], contentType: headers["content-type"],
          body: content))
      position = next + 2
    }
    return MultipartFormData(boundary: boundary, parts: parts)
  }

  private static func parseHeaders(_ bytes: [UInt8], at offset: Int) throws(GraphAPIError)
    -> [String: String]
  {
    var headers: [String: String] = [:]
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\r\n") where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else {
        throw .malformedMultipart(reason: "part header without ':': '\(line)'", offset: offset)
      }
      headers[line[..<colon].trimmingSpaces.lowercased()] =
        line[line.index(after: colon)...].trimmingSpaces
    }
    return headers
  }

  /// `form-data; name="a"; filename="b.jpg"` → `["name": "a", "filename": "b.jpg"]`; quoted
  /// values may hold `;` and backslash escapes.
  static func dispositionParameters(_ value: String) -> [String: String] {
    var result: [String: String] = [:]
    let chars = Array(value)
    var i = chars.firstIndex(of: ";") ?? chars.count
    while i < chars.count {
      i += 1
      while i < chars.count && chars[i] == " " { i += 1 }
      var key = ""
      while i < chars.count && chars[i] != "=" && chars[i] != ";" {
        key.append(chars[i])
        i += 1
      }
      var parameterValue = ""
      if i < chars.count && chars[i] == "=" {
        i += 1
        if i < chars.count && chars[i] == "\"" {
          i += 1
          while i < chars.count && chars[i] != "\"" {
            if chars[i] == "\\" && i + 1 < chars.count { i += 1 }
            parameterValue.append(chars[i])
            i += 1
          }
          while i < chars.count && chars[i] != ";" { i += 1 }
        } else {
          while i < chars.count && chars[i] != ";" {
            parameterValue.append(chars[i])
            i += 1
          }
        }
      }
      let name = key.trimmingSpaces.lowercased()
      if !name.isEmpty && result[name] == nil { result[name] = parameterValue.trimmingSpaces }
    }
    return result
  }
}
