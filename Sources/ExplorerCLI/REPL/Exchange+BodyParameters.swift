import GraphAPI

extension Exchange {
  /// The parameters a POST or DELETE sent in its body, as request-line words:
  /// `message=Lunch place=1001 source@meal.png`, the token and other secrets left out (a secret
  /// other than the token, such as `client_secret`, shows as `<redacted>`). Empty for a GET or an
  /// empty body; `batch=...` is shown as `batch=<N operations>`.
  var bodyParameters: String {
    guard GraphMethod(name: request.method) != .get, !request.body.isEmpty else { return "" }
    let type = request.headers["Content-Type"] ?? ""
    var words: [String] = []
    if type.lowercased().hasPrefix("multipart/form-data") {
      guard let form = try? MultipartFormData(parsing: request.body, contentType: type) else {
        return ""
      }
      words =
        form.parameters.compactMap(Self.word)
        + form.uploads.map { "\($0.name)@\(Completer.escaped($0.filename))" }
    } else if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
      words = QueryItems(parsing: String(decoding: request.body, as: UTF8.self)).compactMap(
        Self.word)
    }
    return words.joined(separator: " ")
  }

  /// `name=value` quoted as a request line would need it, or `nil` for the token (never shown).
  private static func word(_ item: QueryItems.Item) -> String? {
    guard item.name != "access_token" else { return nil }
    if item.name == "batch", let count = try? GraphBatch(batchField: item.value).operations.count {
      return "batch=<\(count) operations>"
    }
    let value = Redaction.secretNames.contains(item.name) ? Redaction.placeholder : item.value
    let plain = !value.isEmpty && value.allSatisfy { !$0.isWhitespace && $0 != "\"" && $0 != "'" }
    let shown = plain ? value : "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    return "\(item.name)=\(shown)"
  }
}
