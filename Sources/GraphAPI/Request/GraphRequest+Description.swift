extension GraphRequest: CustomStringConvertible {
  /// `GET /v2.2/me?fields=id&access_token=<redacted>`: the request line as sent (POST
  /// parameters after the path, uploads by file name), with every secret hidden, so a
  /// request can be logged or shown in a test failure without leaking secrets.
  public var description: String {
    var items = wireParameters
    for index in items.indices where SecretParameters.contains(items[index].name) {
      items.items[index].value = "<redacted>"
    }
    var text = "\(method.rawValue) \(encodedPath)"
    let query = items.queryString.replacing("%3Credacted%3E", with: "<redacted>")
    if !items.isEmpty { text += (method == .post ? " " : "?") + query }
    if !uploads.isEmpty {
      text += " " + uploads.map { "\($0.name)@\($0.filename)" }.joined(separator: " ")
    }
    return text
  }
}
