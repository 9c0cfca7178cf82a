import GraphAPI
import GraphEmulator
import GraphJSON

/// Turns answers into text: a status line such as `HTTP 200 · v2.2 · 12 ms · #3`, then the body as
/// pretty JSON (coloured on a terminal), or only the compact body in `--raw` mode.
struct Renderer: Sendable {
  /// ANSI colours.
  var color: Bool
  /// Only each answer's body as compact JSON, one line per answer.
  var raw: Bool

  /// `HTTP 200 · v2.2 · 12 ms · #3`, the status coloured by its class when `color` is on. The
  /// version is the one that answered (`facebook-api-version`), shown only when the answer
  /// names one that is shaped like a version; a redirect is followed by its `Location` on a
  /// line of its own.
  func statusLine(_ exchange: Exchange) -> String {
    let status = "HTTP \(exchange.response.status)"
    let version =
      exchange.response.headers["facebook-api-version"]
      .flatMap { GraphVersion(shape: $0) }.map { " · \($0)" } ?? ""
    let rest = "\(version) · \(Self.milliseconds(exchange.elapsed)) ms · #\(exchange.number)"
    var location = ""
    if (300..<400).contains(exchange.response.status),
      let target = exchange.response.headers["Location"]
    {
      location = "\n" + dim("Location: ") + Redaction.redactURL(target)
    }
    guard color else { return status + rest + location }
    let code: String
    switch exchange.response.status {
    case 200..<300: code = "1;32"
    case 300..<400: code = "1;33"
    default: code = "1;31"
    }
    return "\u{1B}[\(code)m\(status)\u{1B}[0m\u{1B}[2m\(rest)\u{1B}[0m" + location
  }

  /// The answer's body: pretty JSON (compact in raw mode), or the text as it came when it is
  /// not JSON. Ends with a newline.
  func body(_ exchange: Exchange) -> String {
    guard let json = exchange.json else {
      let text = exchange.response.bodyText
      let body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
      // Outside raw mode, say why an answer is shown as text rather than JSON.
      guard !raw, let note = exchange.notJSONNote else { return body }
      return body + (color ? "\u{1B}[2m\(note)\u{1B}[0m" : note) + "\n"
    }
    return self.json(json)
  }

  /// A JSON value, pretty (coloured when `color`) or compact in raw mode, with a newline.
  func json(_ value: JSONValue) -> String {
    var options: JSONPrinter.Options = raw ? [] : [.pretty]
    if color && !raw { options.insert(.color) }
    return JSONPrinter(options: options).string(value) + "\n"
  }

  /// The full rendering of an exchange: the status line and the body, or the body alone in
  /// raw mode.
  func exchange(_ exchange: Exchange) -> String {
    raw ? body(exchange) : statusLine(exchange) + "\n" + body(exchange)
  }

  /// A batch answer's operations, each with its own status and its body decoded: in raw mode
  /// one compact array of `{"code","body"}` with the bodies parsed.
  func batchItems(_ response: GraphBatchResponse, leftOut: Set<Int> = []) -> String {
    if raw {
      return json(
        .array(
          response.items.map { item in
            guard let item else { return .null }
            return [
              "code": .number(JSONNumber(item.code)), "body": item.json ?? .string(item.body),
            ]
          }))
    }
    var out = ""
    for (index, item) in response.items.enumerated() {
      guard let item else {
        // Graph answers null both for an operation whose answer it left out on purpose (one a
        // later operation used, or `omit_response_on_success`) and for one it did not run
        // because one it depends on failed: the request says which (issue 29).
        let why =
          leftOut.contains(index)
          ? "left out on purpose: a later operation used its answer, or it asked "
            + "omit_response_on_success"
          : "not run: an operation it depends on failed"
        out += dim("[\(index)] null (\(why))") + "\n"
        continue
      }
      out += bold("[\(index)] HTTP \(item.code)") + "\n"
      out += item.json.map(json) ?? (item.body + "\n")
    }
    return out
  }

  /// `text` dimmed when colours are on.
  func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

  /// `text` in bold when colours are on.
  func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

  /// Whole milliseconds in `duration`, rounded from whole microseconds as cassettes store
  /// durations: a recorded answer shows the same figure when it is replayed.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let microseconds = Int(seconds) * 1_000_000 + Int((Double(attoseconds) / 1e12).rounded())
    return (microseconds + 500) / 1000
  }
}
