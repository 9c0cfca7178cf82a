import GraphJSON

extension CodeGenerator {
  /// `curl -i -g -X GET 'url'` (`-g` keeps curl from globbing Graph's braces), form fields with
  /// `--data-urlencode`, uploads with `-F name=@file;type=...`, headers with `-H`.
  func curl(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    var lines = ["curl -i -g -X \(request.method.rawValue)"]
    lines += headers.map { "-H \(Self.shellQuote("\($0.name): \($0.value)"))" }
    let items = wireParameters(of: request, headers: headers)
    var url = baseURL + request.encodedPath
    if !request.uploads.isEmpty {
      lines += items.map { "--form-string \(Self.shellQuote("\($0.name)=\($0.value)"))" }
      lines += request.uploads.map {
        "-F \(Self.shellQuote("\($0.name)=@\($0.filename);type=\($0.contentType)"))"
      }
    } else if request.method == .post {
      lines += items.map { "--data-urlencode \(Self.shellQuote("\($0.name)=\($0.value)"))" }
    } else if !items.isEmpty {
      url += "?" + Self.readablePlaceholders(items.queryString)
    }
    lines.append(Self.shellQuote(url))
    return lines.joined(separator: " \\\n  ") + "\n"
  }

  /// `text` in single quotes, safe for any POSIX shell.
  static func shellQuote(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }
}
