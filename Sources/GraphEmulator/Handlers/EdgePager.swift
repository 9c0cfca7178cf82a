import Foundation
import GraphAPI
import GraphJSON

/// Cuts one page out of an edge list and writes its `paging` object (reference, "Paging"):
/// cursors (`before`/`after`) on every edge, time-based `since`/`until` on feeds, `offset`
/// accepted. Picking a page is O(limit): cursors carry the position, so the 10,000th page
/// costs what the first does.
struct EdgePager {
  /// Graph's default page size.
  static let defaultLimit = 25

  var limit: Int
  var after: String?
  var before: String?
  var since: Int?
  var until: Int?
  var offset: Int?

  /// Reads the paging parameters; `limit` is capped at `cap` (Graph caps silently), `0` asks
  /// for no items (with `summary`, a count), a negative one means the default.
  init(
    parameters: (CallParameter) -> String?, cap: Int, defaultLimit: Int = Self.defaultLimit
  ) {
    let asked = parameters(.limit).flatMap { Int($0) } ?? defaultLimit
    limit = min(asked < 0 ? defaultLimit : asked, cap)
    after = parameters(.after)
    before = parameters(.before)
    since = parameters(.since).flatMap { Int($0) }
    until = parameters(.until).flatMap { Int($0) }
    offset = parameters(.offset).flatMap { Int($0) }.map { max(0, $0) }
  }

  /// The window over `ids`: the page's index range and whether items lie before and after it.
  func window(_ ids: EdgeList, time: (String) -> Int?) throws(GraphError) -> Window {
    if since != nil || until != nil {
      var filtered: [Int] = []
      for (index, id) in ids.enumerated() {
        let t = time(id) ?? 0
        if let since, t <= since { continue }
        if let until, t > until { continue }
        filtered.append(index)
      }
      let page = Array(filtered.prefix(limit))
      let olderExists = filtered.count > limit || (page.last.map { $0 + 1 < ids.count } ?? false)
      return Window(indices: page, hasPrevious: true, hasNext: olderExists && !page.isEmpty)
    }
    var start = offset ?? 0
    var end: Int
    if let after {
      start = try Self.position(of: after, in: ids, name: "after") + 1
      end = min(ids.count, start + limit)
    } else if let before {
      end = try Self.position(of: before, in: ids, name: "before")
      start = max(0, end - limit)
    } else {
      start = min(start, ids.count)
      end = min(ids.count, start + limit)
    }
    return Window(
      indices: Array(start..<max(start, end)), hasPrevious: start > 0, hasNext: end < ids.count)
  }

  /// A page of an edge: the item indices and what lies around them.
  struct Window {
    var indices: [Int]
    var hasPrevious: Bool
    var hasNext: Bool

    /// The indices as one range, when they are one (every page but a feed's by time).
    var range: Range<Int>? {
      // Increasing, so as many as their span means no gap.
      guard let first = indices.first, let last = indices.last, last - first + 1 == indices.count
      else { return nil }
      return first..<(last + 1)
    }
  }

  /// `base64("<id>:<index>")` without padding: opaque to clients, O(1) to resolve.
  static func cursor(id: String, index: Int) -> String {
    var text = Array(id.utf8)
    text.append(UInt8(ascii: ":"))
    text += String(index).utf8
    return Base64URL.encodeStandard(text)
  }

  static func position(of cursor: String, in ids: EdgeList, name: String) throws(GraphError)
    -> Int
  {
    let padded = cursor + String(repeating: "=", count: (4 - cursor.count % 4) % 4)
    guard let data = Data(base64Encoded: padded),
      let text = String(data: data, encoding: .utf8),
      let colon = text.lastIndex(of: ":"), let index = Int(text[text.index(after: colon)...])
    else { throw .parameter("The parameter \(name) is not a valid cursor: \(cursor)") }
    let id = String(text[..<colon])
    if ids.indices.contains(index), ids[index] == id { return index }
    if let found = ids.firstIndex(of: id) { return found }
    throw .parameter("The parameter \(name) is not a valid cursor: \(cursor)")
  }
}

/// Builds absolute paging URLs on the request's own origin and version.
struct PagingURL {
  var call: GraphCall
  /// Parameters a paging URL never repeats from the request.
  static let dropped: Set<String> = [
    "access_token", "limit", "after", "before", "since", "until", "offset", "method",
    "suppress_http_code", "__paging_token", "__previous", "redirect", "__after_id", "__before_id",
  ]

  /// `origin/vX.Y/<path>?access_token=..&<kept>&limit=N&<extra>`; `kept` are the
  /// request's own parameters (top-level edges) or the nested `fields` (expanded edges), each
  /// once with its first value, the one the call was served with (`fields=name&fields=name` gives one
  /// `fields`: a client that adds its parameters to every `next` it follows does not grow the
  /// URL page after page; issue 26).
  func url(path: String, kept: QueryItems, limit: Int, extra: QueryItems) -> String {
    String(decoding: bytes(path: path, kept: kept, limit: limit, extra: extra), as: UTF8.self)
  }

  /// `url(path:kept:limit:extra:)` as UTF-8 bytes.
  func bytes(path: String, kept: QueryItems, limit: Int, extra: QueryItems) -> [UInt8] {
    var bytes = head(path: path, kept: kept, limit: limit)
    extra.append(to: &bytes, allowed: PercentEncoding.queryValueAllowed, separated: true)
    return bytes
  }

  /// A paging URL up to its `limit=N` (`path`, then `/` and `subpath` when given): an edge
  /// page writes it once and each of its links adds its own parameters (`appending`) to a copy.
  func head(path: String, subpath: String? = nil, kept: QueryItems, limit: Int) -> [UInt8] {
    // Written as bytes in one buffer: the URL is made twice for every page answered.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      call.origin.utf8.count + path.utf8.count + (subpath?.utf8.count ?? 0)
        + (call.token?.utf8.count ?? 0) + 96)
    bytes += call.origin.utf8
    if let version = call.explicitVersion {
      bytes.append(UInt8(ascii: "/"))
      bytes += version.description.utf8
    }
    bytes.append(UInt8(ascii: "/"))
    bytes += path.utf8
    if let subpath {
      bytes.append(UInt8(ascii: "/"))
      bytes += subpath.utf8
    }
    // `?` before the first item, `&` before the others.
    var separator = UInt8(ascii: "?")
    func item(_ name: String, _ value: String) {
      Self.appending(name, value, to: &bytes, after: separator)
      separator = UInt8(ascii: "&")
    }
    if let token = call.token { item("access_token", token) }
    // Each name once: a short list is searched (no hashing), a long one kept in a set.
    let items = kept.items
    let short = items.count <= 16
    var seen = Set<String>()
    for n in items.indices where !Self.dropped.contains(items[n].name) {
      let name = items[n].name
      if short {
        if items[..<n].contains(where: { $0.name == name }) { continue }
      } else if !seen.insert(name).inserted {
        continue
      }
      item(name, items[n].value)
    }
    item("limit", String(limit))
    return bytes
  }

  /// `&name=value` (or `separator` and the item), percent-encoded: after a `head`, and each
  /// item of one.
  static func appending(
    _ name: String, _ value: String, to bytes: inout [UInt8],
    after separator: UInt8 = UInt8(ascii: "&")
  ) {
    let allowed = PercentEncoding.queryValueAllowed
    bytes.append(separator)
    PercentEncoding.append(name, allowed: allowed, to: &bytes)
    bytes.append(UInt8(ascii: "="))
    PercentEncoding.append(value, allowed: allowed, to: &bytes)
  }
}
