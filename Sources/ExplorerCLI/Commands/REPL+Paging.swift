import CEditLine
import GraphJSON

/// `next`, `prev` and `all`: following the `paging` links of the last answer.
extension REPL {
  /// Sends a GET to `paging.<key>` of the last answer.
  func follow(_ key: String) async throws(ExplorerError) -> Exchange {
    let last = try session.exchange(.last)
    guard let url = last.json?["paging"]?[key]?.stringValue else {
      let which = key == "next" ? "it is the last page" : "it is the first page"
      throw .failed("#\(last.number) has no paging.\(key): \(which)")
    }
    return try await send(pageLine(url), text: "GET \(url)")
  }

  /// Follows `paging.next` from the last answer until there is none or `max` items are in
  /// hand; returns the merged `data` (at most `max` items).
  func all(max: Int?) async throws(ExplorerError) -> JSONValue {
    var page = try session.exchange(.last)
    guard var items = page.json?["data"]?.arrayValue else {
      throw .failed("#\(page.number) has no data array to page through")
    }
    var pages = 1
    if interactive { _ = ge_take_interrupt() }
    while max.map({ items.count < $0 }) ?? true,
      let url = page.json?["paging"]?["next"]?.stringValue
    {
      page = try await send(pageLine(url), text: "GET \(url)")
      guard page.succeeded, let data = page.json?["data"]?.arrayValue else {
        throw .failed("paging stopped at #\(page.number): HTTP \(page.response.status)")
      }
      if data.isEmpty { break }
      items += data
      pages += 1
      // Ctrl-C between pages stops paging and keeps what arrived.
      if interactive && ge_take_interrupt() != 0 {
        console.writeError("\ninterrupted after \(pages) pages\n")
        break
      }
      if interactive && console.isOutputTerminal {
        console.writeError("\r\(pages) pages · \(items.count) items")
      }
    }
    if interactive && console.isOutputTerminal && pages > 1 { console.writeError("\n") }
    if let max, items.count > max { items = Array(items.prefix(max)) }
    return .array(items)
  }

  private func pageLine(_ url: String) -> RequestLine {
    RequestLine(method: "GET", path: Template(literal: url), parameters: [])
  }
}
