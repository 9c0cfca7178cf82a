import GraphAPI
import GraphJSON

/// One request and its answer, numbered in the session's history (#1, #2, ...). The unit that
/// `history`, `show`, `diff`, `explain`, `code` and `save` work on.
struct Exchange: Sendable {
  /// The exchange's number in the history, from 1.
  var number: Int
  /// The line that produced it, with secrets redacted.
  var line: String
  /// The request line it came from, kept (in memory only) so that `!n` can run it again with
  /// the session's current token and version.
  var source: RequestLine
  var request: HTTPRequest
  var response: HTTPResponse
  /// The time from sending to the whole answer, as measured by the session; for an answer
  /// from a cassette (replayed or being recorded), its recorded duration.
  var elapsed: Duration
  /// The body parsed as JSON, or `nil` when it is not JSON.
  var json: JSONValue?
  /// Why a non-empty body is not JSON (`line 1, column 14: expected ...`), else `nil`.
  var jsonError: JSONParseError?
  /// The session's version when it was sent (`!n` sends it again with that version).
  var version: String?
  /// What `history` shows instead of the method and URL, for an exchange made here rather than
  /// sent: `all from #2 · 3 pages · 60 items`.
  var label: String?

  init(
    number: Int, line: String, source: RequestLine, request: HTTPRequest,
    response: HTTPResponse, elapsed: Duration
  ) {
    self.number = number
    self.line = line
    self.source = source
    self.request = request
    self.response = response
    self.elapsed = elapsed
    do {
      self.json = try JSONParser.parse(response.body)
    } catch {
      self.jsonError = response.body.isEmpty ? nil : error
    }
  }

  /// `not JSON (text/html): line 1, column 1: expected a value, found '<'` for an answer
  /// that should have been JSON and is not (an HTML error page, a truncated body), else `nil`.
  var notJSONNote: String? {
    guard let jsonError else { return nil }
    let type = response.headers["Content-Type"].map { " (\($0))" } ?? ""
    return "not JSON\(type): \(jsonError)"
  }

  /// Whether the answer's status is 2xx.
  var succeeded: Bool { (200..<300).contains(response.status) }

  /// `GET /v2.2/me/friends?limit=2`: method and the URL's path and query, without secrets.
  var summary: String {
    if let label { return label }
    guard let parts = URLParts(request.url) else {
      return "\(request.method) \(Redaction.redactURL(request.url))"
    }
    let query = (parts.query ?? "").split(separator: "&").filter { pair in
      let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      return !Redaction.secretNames.contains(name)
    }.joined(separator: "&")
    return "\(request.method) \(parts.path)"
      + (query.isEmpty ? "" : "?" + Redaction.redactParameters(query))
  }
}
