import GraphAPI
import GraphJSON

/// Paging cursors followed from answer to answer while verifying (issue 27): the next page of
/// a recording asks with the cursor the recorded answer gave (`after=QVFIUjZZ`), which means
/// nothing to the target; each recorded cursor is sent as the one the target gave at the same
/// place (`paging.cursors`, and the cursor parameters of `paging.next` and `previous`).
struct CursorFollower {
  /// The query parameters that carry a position in a list.
  static let names: Set<String> = [
    "after", "before", "__after_id", "__before_id", "since", "until", "__paging_token",
  ]

  /// Recorded cursor (as written in a URL, and as JSON gave it) → the target's.
  private(set) var map: [String: String] = [:]

  /// Learns the cursors `actual` gave where `recorded` had others.
  mutating func learn(recorded: JSONValue?, actual: JSONValue?) {
    guard let old = recorded?["paging"], let new = actual?["paging"] else { return }
    for key in ["after", "before"] {
      if let r = old["cursors"]?[key]?.stringValue, let a = new["cursors"]?[key]?.stringValue,
        r != a
      {
        map[r] = a
        map[PercentEncoding.encode(r)] = PercentEncoding.encode(a)
      }
    }
    for link in ["next", "previous"] {
      guard let r = old[link]?.stringValue.flatMap(Self.cursors),
        let a = new[link]?.stringValue.flatMap(Self.cursors)
      else { continue }
      for (name, value) in r where a[name] != nil && a[name] != value { map[value] = a[name] }
    }
  }

  /// `url` with each recorded cursor in its query replaced by the target's.
  func following(_ url: String) -> String {
    guard !map.isEmpty, let mark = url.firstIndex(of: "?") else { return url }
    let head = url[...mark]
    let pairs = url[url.index(after: mark)...].split(
      separator: "&", omittingEmptySubsequences: false)
    let rewritten = pairs.map { pair -> String in
      guard let eq = pair.firstIndex(of: "="), Self.names.contains(String(pair[..<eq])),
        let new = map[String(pair[pair.index(after: eq)...])]
      else { return String(pair) }
      return pair[...eq] + new
    }
    return head + rewritten.joined(separator: "&")
  }

  /// The cursor parameters of a paging URL, as written in it.
  static func cursors(_ url: String) -> [String: String]? {
    guard let query = URLParts(url)?.query else { return nil }
    var out: [String: String] = [:]
    for pair in query.split(separator: "&") {
      guard let eq = pair.firstIndex(of: "=") else { continue }
      let name = String(pair[..<eq])
      if names.contains(name) { out[name] = String(pair[pair.index(after: eq)...]) }
    }
    return out
  }
}
