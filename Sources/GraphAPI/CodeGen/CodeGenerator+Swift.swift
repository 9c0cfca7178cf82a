import GraphJSON

extension CodeGenerator {
  /// A URLSession data task printing the status and the body.
  func swift(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    let items = wireParameters(of: request, headers: headers)
    var url = baseURL + request.encodedPath
    var setup: [String] = []
    if !request.uploads.isEmpty {
      let form = MultipartFormData(parameters: items, uploads: [])
      setup += [
        "let boundary = \(Self.swiftString(form.boundary))",
        "var body = Data()",
        "func addField(_ name: String, _ value: String) {",
        "  body.append(Data(\"--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\\"\\(name)\\\"\\r\\n\\r\\n\\(value)\\r\\n\".utf8))",
        "}",
        "func addFile(_ name: String, _ path: String, _ type: String) throws {",
        "  let filename = URL(fileURLWithPath: path).lastPathComponent",
        "  body.append(Data(\"--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\\"\\(name)\\\"; filename=\\\"\\(filename)\\\"\\r\\nContent-Type: \\(type)\\r\\n\\r\\n\".utf8))",
        "  body.append(try Data(contentsOf: URL(fileURLWithPath: path)))",
        "  body.append(Data(\"\\r\\n\".utf8))",
        "}",
      ]
      setup += items.map { "addField(\(Self.swiftString($0.name)), \(Self.swiftString($0.value)))" }
      setup += request.uploads.map {
        "try addFile(\(Self.swiftString($0.name)), \(Self.swiftString($0.filename)), \(Self.swiftString($0.contentType)))"
      }
      setup += [
        "body.append(Data(\"--\\(boundary)--\\r\\n\".utf8))",
        "",
      ]
    } else if request.method != .post, !items.isEmpty {
      // URL(string:) rejects braces on older systems; Graph reads them encoded just as well.
      url +=
        "?"
        + Self.readablePlaceholders(items.queryString).replacingAll("{", with: "%7B").replacingAll(
          "}", with: "%7D")
    }
    var lines = ["import Foundation", ""] + setup
    lines += [
      "var request = URLRequest(url: URL(string: \(Self.swiftString(url)))!)",
      "request.httpMethod = \(Self.swiftString(request.method.rawValue))",
    ]
    lines += headers.map {
      "request.setValue(\(Self.swiftString($0.value)), forHTTPHeaderField: \(Self.swiftString($0.name)))"
    }
    if !request.uploads.isEmpty {
      lines += [
        "request.setValue(\"multipart/form-data; boundary=\\(boundary)\", forHTTPHeaderField: \"Content-Type\")",
        "request.httpBody = body",
      ]
    } else if request.method == .post {
      lines += [
        "request.setValue(\"application/x-www-form-urlencoded\", forHTTPHeaderField: \"Content-Type\")",
        "request.httpBody = Data(\(Self.swiftString(Self.readablePlaceholders(items.formEncoded))).utf8)",
      ]
    }
    lines += [
      "let (data, response) = try await URLSession.shared.data(for: request)",
      "let status = (response as? HTTPURLResponse)?.statusCode ?? 0",
      "print(\"HTTP \\(status)\")",
      "print(String(decoding: data, as: UTF8.self))",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Swift string literal.
  static func swiftString(_ text: String) -> String {
    "\"" + cStyleEscaped(text, swift: true) + "\""
  }
}
