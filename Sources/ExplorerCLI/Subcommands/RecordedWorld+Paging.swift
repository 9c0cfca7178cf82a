import GraphAPI
import GraphEmulator
import GraphJSON

/// How the recorded answers paged their edges, where it differs from the emulator's rules
/// (`RecordedPaging`, the world file's `paging`): friends by offset with `summary.total_count`
/// unasked at v2.2, the count of friends no page listed, links of a call without a version
/// naming the version that served it, parameters Graph added to a feed's links
/// (`icon_size=16`), edges that went on past what any answer listed.
extension RecordedWorld {
  /// Parameters of a paging link that page, or that every link carries: not added by Graph.
  static let linkPagingParameters: Set<String> = pageParameters.union([
    "access_token", "limit", "__after_id", "__before_id",
  ])

  /// The paging links (`next`, `previous`) of `answer`'s own `paging` and of every edge
  /// expanded in it.
  static func pagingLinks(in answer: JSONValue) -> [URLParts] {
    var links: [URLParts] = []
    func collect(_ paging: JSONValue?) {
      for name in ["previous", "next"] {
        if let url = paging?[name]?.stringValue, let parts = URLParts(url) { links.append(parts) }
      }
    }
    collect(answer["paging"])
    for member in answer.objectValue?.members ?? [] { collect(member.value["paging"]) }
    return links
  }

  /// Whether a call without a version in its path was answered with links naming one: learned
  /// from each such answer that has links (the latest wins): from v2.0, and at v1.0 once v2.0
  /// was out (a v1.0 app's read of 2014 names `v1.0`).
  mutating func learnLinkVersion(in answer: JSONValue, versioned: Bool) {
    guard !versioned, let link = Self.pagingLinks(in: answer).first else { return }
    let first = link.pathComponents.first ?? ""
    paging.versionedLinks = GraphVersion(shape: first) != nil
  }

  /// The count an edge expanded in `fields` showed (`likes.summary(true)` on each post), kept
  /// per owner as a top-level read's is: it counts what no page listed too (`unlisted`).
  mutating func learnExpansionCount(_ expansion: JSONValue, owner: String, edge: String) {
    guard let total = expansion["summary"]?["total_count"]?.numberValue?.intValue,
      (0...RecordedPaging.largestCount).contains(total)
    else { return }
    recordedTotals[owner, default: [:]][edge] = total
  }

  /// Edges a top-level read's `fields` expanded that some items it listed show and others
  /// leave out (`RecordedPaging.omittedEmpty`): Graph left out the expansions that listed
  /// nothing (a v1.0 read of 2014: a post with no likes has no `likes`).
  mutating func learnOmittedEmpty(_ answer: JSONValue, query: QueryItems) {
    guard let text = query["fields"], let selection = try? FieldSelection(parsing: text),
      let items = answer["data"]?.arrayValue
    else { return }
    for field in selection.fields {
      let name = field.outputName
      let shown = items.contains { $0[name]?["data"]?.arrayValue != nil }
      let left = items.contains { $0.objectValue != nil && $0[name] == nil }
      if shown, left { paging.omittedEmpty.insert(field.name) }
    }
  }

  /// What a top-level read of `owner`'s `edge` shows of how Graph paged it: by offset (links
  /// with `offset` and no `cursors`, where the emulator's rule for the version pages by cursor),
  /// the page size asked of no one, `summary` unasked (and the count it gave), and parameters
  /// the links of a read without `fields` carry that the request did not send.
  mutating func learnPaging(
    _ answer: JSONValue, query: QueryItems, owner: String, edge: String, fromV2: Bool
  ) {
    var learned = paging.edges[edge] ?? RecordedPaging.Edge()
    let links = [answer["paging"]?["next"], answer["paging"]?["previous"]]
      .compactMap { $0?.stringValue.flatMap { URLParts($0) } }
    // Friends before v2.0 are paged by offset, 5000 a page, by the emulator's own rule.
    if fromV2 || edge != "friends" {
      if answer["paging"]?["cursors"] == nil,
        links.contains(where: { $0.queryItems["offset"] != nil })
      {
        learned.byOffset = true
      }
      if query["limit"] == nil,
        let size = links.lazy.compactMap({ $0.queryItems["limit"].flatMap { Int($0) } }).first,
        (1...RecordedPaging.largestCount).contains(size),
        size != RecordedPaging.ruleLimit(byOffset: learned.byOffset)
      {
        learned.limit = size
      }
    }
    if query["summary"] == nil, let summary = answer["summary"], summary.objectValue != nil {
      learned.summary = true
      if let total = summary["total_count"]?.numberValue?.intValue,
        (0...RecordedPaging.largestCount).contains(total)
      {
        recordedTotals[owner, default: [:]][edge] = total
      }
    }
    if query["fields"] == nil, let link = links.first {
      var added = QueryItems()
      for item in link.queryItems
      where !Self.linkPagingParameters.contains(item.name) && query[item.name] == nil
        && added[item.name] == nil
      {
        added.append(item.name, item.value)
      }
      learned.linkParameters = added
    }
    if learned != RecordedPaging.Edge() { paging.edges[edge] = learned }
  }

  /// The items each recorded `summary.total_count` counted beyond those the world lists
  /// (`edges`, once `me` is settled and friendships go both ways).
  func unlisted(_ edges: [String: [String: RecordedEdgeList]]) -> [String: [String: Int]] {
    var out: [String: [String: Int]] = [:]
    for (recordedOwner, totals) in recordedTotals {
      let owner = recordedOwner == "me" ? (me ?? Self.unnamedMe) : recordedOwner
      guard types[owner] != nil else { continue }
      for (edge, total) in totals {
        let listed = edges[owner]?[edge]?.ids.filter { types[$0] != nil }.count ?? 0
        if total > listed { out[owner, default: [:]][edge] = total - listed }
      }
    }
    return out
  }

  /// The edges a recorded page showed going on past the last item the world lists
  /// (`RecordedPaging.continued`): an edge whose list ends with the last item of a page that
  /// had a `next` link no answer followed, and the app's test users when the last one listed
  /// ended such a page.
  func continuedEdges(_ edges: [String: [String: RecordedEdgeList]]) -> [String: Set<String>] {
    var out: [String: Set<String>] = [:]
    for (owner, lists) in edges where types[owner] != nil {
      for (edge, list) in lists {
        guard let ends = pageEnds[edge],
          let last = list.ids.last(where: { types[$0] != nil }), ends.contains(last)
        else { continue }
        out[owner, default: []].insert(edge)
      }
    }
    if let app = testUserApp, let last = testUsers.listed[app]?.last,
      testUsers.pageEnds.contains(last.id)
    {
      out[app, default: []].insert("accounts")
    }
    return out
  }
}
