import GraphAPI
import GraphJSON

/// `next`, `prev` and `all`: following the `paging` links of the last answer.
extension REPL {
  /// Sends a GET to `paging.<key>` of the last answer.
  func follow(_ key: String) async throws(ExplorerError) -> Exchange {
    let last = try session.exchange(.last)
    guard last.succeeded else {
      throw .failed(
        "#\(last.number) was an error answer (HTTP \(last.response.status)): it has no pages")
    }
    guard let url = last.json?["paging"]?[key]?.stringValue else {
      let which = key == "next" ? "it is the last page" : "it is the first page"
      throw .failed("#\(last.number) has no paging.\(key): \(which)")
    }
    return try await send(pageLine(url), text: "GET \(url)")
  }

  /// Follows `paging.next` from the last answer until there is none or `max` items are in
  /// hand, and records the merged `data` (at most `max` items) as an exchange of its own, so
  /// that `show`, `$last`, `save` and `diff` work on it. Ctrl-C (the task cancelled) stops
  /// between pages or inside a page request and keeps what arrived.
  func all(max: Int?, text: String) async throws(ExplorerError) -> [Output] {
    let first = try session.exchange(.last)
    guard var items = first.json?["data"]?.arrayValue else {
      throw .failed("#\(first.number) has no data array to page through")
    }
    var page = first
    var pages = 1
    var elapsed = Duration.zero
    var stopped = false
    let progress = interactive && console.isOutputTerminal
    while max.map({ items.count < $0 }) ?? true,
      let url = page.json?["paging"]?["next"]?.stringValue
    {
      if Task.isCancelled {
        stopped = true
        break
      }
      do {
        page = try await send(pageLine(url), text: "GET \(url)")
      } catch {
        guard case .cancelled = error else { throw error }
        stopped = true
        break
      }
      elapsed += page.elapsed
      guard page.succeeded, let data = page.json?["data"]?.arrayValue else {
        throw .failed("paging stopped at #\(page.number): HTTP \(page.response.status)")
      }
      if data.isEmpty { break }
      items += data
      pages += 1
      if progress { console.writeError("\r\(pages) pages · \(items.count) items") }
    }
    if progress && (pages > 1 || stopped) { console.writeError("\n") }
    if let max, items.count > max { items = Array(items.prefix(max)) }
    let merged = session.record { number in
      var exchange = Exchange(
        number: number, line: text, source: first.source, request: first.request,
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"],
          body: Array((["data": .array(items)] as JSONValue).compactText.utf8)),
        elapsed: elapsed)
      exchange.label = "all from #\(first.number) · \(pages) pages · \(items.count) items"
      return exchange
    }
    guard !stopped else {
      return [
        .note(
          "stopped after \(pages) pages · \(items.count) items: #\(merged.number) holds them"
            + " (show #\(merged.number))")
      ]
    }
    return [.exchange(merged)]
  }

  private func pageLine(_ url: String) -> RequestLine {
    RequestLine(method: .get, path: Template(literal: url), parameters: [])
  }
}
