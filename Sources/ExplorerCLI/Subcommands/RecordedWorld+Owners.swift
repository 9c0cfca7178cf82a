import GraphAPI
import GraphJSON

/// Whose edge an answer lists, as its own bytes show it: the owner its paging links name, or
/// the one every post's id begins with.
extension RecordedWorld {
  /// The owner a `me/EDGE` answer's paging links name (`.../v2.5/1015.../friends?...`).
  static func owner(inPagingOf answer: JSONValue, edge: String) -> String? {
    for link in ["next", "previous"] {
      guard let url = answer["paging"]?[link]?.stringValue,
        let components = URLParts(url)?.pathComponents, components.count >= 2,
        components[components.count - 1] == edge
      else { continue }
      let owner = components[components.count - 2]
      if owner != "me", owner.allSatisfy(\.isNumber) { return owner }
    }
    return nil
  }

  /// The owner every post a feed edge's answer lists names as the first part of its id
  /// (`15485466463_10152611792811464`), when they all name the same.
  static func owner(ofPostsIn answer: JSONValue, edge: String) -> String? {
    guard feedEdges.contains(edge), let items = answer["data"]?.arrayValue else { return nil }
    let owners = Set(
      items.map { item in
        item["id"]?.stringValue?.split(separator: "_", maxSplits: 1).first.map(String.init) ?? ""
      })
    guard owners.count == 1, let owner = owners.first, !owner.isEmpty,
      owner.allSatisfy(\.isNumber),
      items.allSatisfy({ $0["id"]?.stringValue?.contains("_") == true })
    else { return nil }
    return owner
  }
}
