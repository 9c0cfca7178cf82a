import Foundation
import GraphAPI
import GraphCassette

/// `history`, `headers`, `raw`, `save`.
extension REPL {
  /// One line per exchange: number, status, method and path, time.
  func historyListing() -> String {
    guard !session.history.isEmpty else { return "no exchanges yet\n" }
    let width = String(session.history.total).count + 1
    // The session's token, appsecret_proof and app secret wherever they appear (another
    // parameter, a path, a JSON body), by the rule everything written goes through (issue 31).
    let scrubber = session.secretScrubber
    let forgotten = session.history.forgotten
    let note =
      forgotten == 0
      ? ""
      : renderer.dim(
        "#1 to #\(forgotten) are no longer kept (the session keeps its last \(session.history.maxCount) exchanges within \(session.history.maxBytes >> 20) MB of answers)"
      ) + "\n"
    return note
      + session.history.map { exchange in
        let number = ("#" + String(exchange.number)).padding(
          toLength: width, withPad: " ", startingAt: 0)
        let ms = Renderer.milliseconds(exchange.elapsed)
        let body = exchange.label == nil ? exchange.bodyParameters : ""
        let token = exchange.label == nil ? sentTokenNote(exchange).map { " · " + $0 } ?? "" : ""
        let summary = scrubber.scrub(exchange.summary + (body.isEmpty ? "" : " " + body)) + token
        return "\(number)  \(exchange.response.status)  \(summary)  \(renderer.dim("\(ms) ms"))\n"
      }.joined()
  }

  /// The request line and headers, a blank line, the status line and response headers.
  func headers(of exchange: Exchange) -> String {
    var out = "\(exchange.request.method) \(Redaction.redactURL(exchange.request.url))\n"
    for field in exchange.request.headers {
      out += "\(field.name): \(Redaction.redactParameters(field.value))\n"
    }
    out += "\nHTTP \(exchange.response.status)\n"
    for field in exchange.response.headers {
      out += "\(field.name): \(field.value)\n"
    }
    return out
  }

  /// The response body exactly as it came (a newline added when it has none).
  func rawBody(of exchange: Exchange) -> String {
    let text = exchange.response.bodyText
    return text.hasSuffix("\n") ? text : text + "\n"
  }

  /// Writes the body of `exchange` to `path`; never overwrites an existing file.
  func save(_ exchange: Exchange, to path: String) throws(ExplorerError) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    guard !FileManager.default.fileExists(atPath: expanded) else {
      throw .file(path: path, reason: "already exists; remove it or choose another name")
    }
    // The body as it came, less the session's secrets (Graph repeats the token in paging URLs).
    let scrubber = session.secretScrubber
    let body =
      String(validating: exchange.response.body, as: UTF8.self) != nil
      ? Array(scrubber.scrub(exchange.response.bodyText).utf8) : exchange.response.body
    do {
      try FileIO.write(body, to: expanded)
    } catch {
      throw .file(path: path, reason: FileIO.reason(error))
    }
    return "saved #\(exchange.number) (\(body.count) bytes) to \(path)"
  }
}
