import GraphAPI
import GraphJSON

/// One page of an edge as an answer lists it: the ids the viewer may see (friends narrowed to
/// the app's users from v2.0), the window the pager cuts from them, what `summary` counts,
/// and the `paging` links. Worked out once for both ways an answer is made: the tree
/// (`NodeRenderer.list`, for edges expanded inside `fields`) and the bytes (`AnswerWriter`).
struct EdgePage {
  /// The ids listed, after narrowing.
  var ids: EdgeList
  /// The ids before narrowing (what `summary` counts).
  var counted: EdgeList
  var window: EdgePager.Window
  /// What `summary.total_count` says: the counted ids and those a recording counted but never
  /// listed (`RecordedPaging.unlisted`).
  var total: Int
  /// Whether the page is cut by offset (`World.pagesByOffset`).
  var byOffset: Bool
  /// The recording's way with this edge, if it had one.
  var recorded: RecordedPaging.Edge?
  /// Whether `ids` are the edge's narrowed to the app's users.
  var narrowed = false

  /// Cuts the page of `edge` of `owner` that `pager` asks for (`type` filters reactions), and
  /// spends its items from the renderer's budget.
  init(
    _ renderer: NodeRenderer, owner: Node, edge: Schema.Edge, pager: EdgePager, type: String?
  ) throws(GraphError) {
    let world = renderer.world
    var ids = renderer.canList(edge, of: owner) ? world.edge(owner.id, edge.storedName) : EdgeList()
    if edge.item == .reaction { ids = renderer.reactions(ids, type: type) }
    if let asOf = renderer.asOf { ids = EdgeList(ids.filter { world.existed($0, at: asOf) }) }
    counted = ids
    if edge.name == "friends", !ids.isEmpty, renderer.call.version.follows(.friendsOnlyAppUsers),
      world.app.users != nil || !world.deauthorized.isEmpty
    {
      // Not empty: the viewer may list the edge, so the list is the world's own.
      narrowed = true
      if let appUsers = renderer.appUsers {
        ids = appUsers.lists.list(
          owner: owner.id, edge: edge.storedName, generation: appUsers.generation, from: ids,
          keep: world.usesApp)
      } else {
        ids = EdgeList(ids.filter(world.usesApp))
      }
    }
    window = try pager.window(ids) { id in
      world.nodes[id]?.string("created_time").flatMap(NodeRenderer.parseTime)
    }
    // A recorded page went on past the last item the world lists (`RecordedPaging.continued`).
    if !window.hasNext, let last = window.indices.last, last == ids.count - 1,
      world.paging.continued[owner.id]?.contains(edge.name) == true
    {
      window.hasNext = true
    }
    try renderer.budget.spend(window.indices.count)
    self.ids = ids
    total = counted.count + (world.paging.unlisted[owner.id]?[edge.name] ?? 0)
    byOffset = world.pagesByOffset(edge.name, at: renderer.call.version)
    recorded = world.paging.edges[edge.name]
  }

  /// Whether the answer shows `summary`: asked for, or shown unasked in the recording.
  func showsSummary(_ asked: [String]?) -> Bool {
    asked == nil ? recorded?.summary == true : NodeRenderer.asksSummary(asked)
  }

  /// The `paging` object's members: cursors on every edge but a feed, `previous` and `next`
  /// by offset, cursor or time (reference, "Paging"); `nil` for an empty page. `nested` edges
  /// (expanded inside `fields`) repeat their own `fields`, top-level ones the request's
  /// parameters, and the `summary` the expansion asked for (`likes.summary(true)` gives
  /// `summary=true`, as a public recording of 2014 shows).
  func links(
    _ renderer: NodeRenderer, owner: Node, edge: Schema.Edge, pager: EdgePager,
    selection: FieldSelection?, nested: Bool, summary: [String]? = nil
  ) -> PagingLinks? {
    guard let first = window.indices.first, let last = window.indices.last else { return nil }
    var kept = QueryItems()
    if nested {
      if let selection { kept.append("fields", selection.description) }
      if let summary, !summary.isEmpty { kept.append("summary", summary.joined(separator: ",")) }
    } else {
      kept = renderer.call.params
      if renderer.call[.fields] == nil, let extra = recorded?.linkParameters {
        for item in extra where renderer.call[item.name] == nil {
          kept.append(item.name, item.value)
        }
      }
    }
    let builder = PagingURL(call: renderer.linkCall)
    // The URL up to `limit=N` is written once; each link copies it and adds its parameters.
    var head: [UInt8]?
    func url(_ name: String, _ value: String, then more: (String, String)? = nil) -> [UInt8] {
      var bytes: [UInt8]
      if let head {
        bytes = head
      } else {
        bytes = builder.head(path: owner.id, subpath: edge.name, kept: kept, limit: pager.limit)
        head = bytes
      }
      PagingURL.appending(name, value, to: &bytes)
      if let more { PagingURL.appending(more.0, more.1, to: &bytes) }
      return bytes
    }
    var links = PagingLinks()
    if edge.timeBased {
      let time = { (i: Int) in
        renderer.world.nodes[ids[i]]?.string("created_time").flatMap(NodeRenderer.parseTime) ?? 0
      }
      links.previous = url("since", String(time(first)), then: ("__previous", "1"))
      if window.hasNext { links.next = url("until", String(time(last) - 1)) }
      return links
    }
    if byOffset {
      // v1.0 (or as recorded): by offset, `next` even on the last page (a 2013 recording).
      if first > 0 {
        links.previous = url(
          "offset", String(max(0, first - pager.limit)), then: ("__before_id", ids[first]))
      }
      links.next = url("offset", String(first + pager.limit), then: ("__after_id", ids[last]))
      return links
    }
    let before = EdgePager.cursor(id: ids[first], index: first)
    let after = EdgePager.cursor(id: ids[last], index: last)
    links.cursors = (before, after)
    if pager.offset != nil && pager.after == nil && pager.before == nil {
      if window.hasPrevious {
        links.previous = url("offset", String(max(0, first - pager.limit)))
      }
      if window.hasNext { links.next = url("offset", String(last + 1)) }
      return links
    }
    if window.hasPrevious { links.previous = url("before", before) }
    if window.hasNext { links.next = url("after", after) }
    return links
  }
}

/// An edge page's `paging` members, in the order Graph prints them: `cursors`, `previous`,
/// `next` (URLs as UTF-8 bytes, written into an answer as they are).
struct PagingLinks {
  var cursors: (before: String, after: String)?
  var previous: [UInt8]?
  var next: [UInt8]?

  /// The `paging` object as a value.
  var object: JSONObject {
    var paging = JSONObject()
    if let cursors {
      paging.append(
        "cursors", ["before": .string(cursors.before), "after": .string(cursors.after)])
    }
    if let previous {
      paging.append("previous", .string(String(decoding: previous, as: UTF8.self)))
    }
    if let next { paging.append("next", .string(String(decoding: next, as: UTF8.self))) }
    return paging
  }

  /// The `paging` object written into `out`.
  func write(into out: inout JSONBytes) {
    var first = true
    out.raw("{")
    if let cursors {
      out.key("cursors", first: &first)
      out.raw("{\"before\":")
      out.string(cursors.before)
      out.raw(",\"after\":")
      out.string(cursors.after)
      out.raw("}")
    }
    if let previous {
      out.key("previous", first: &first)
      out.string(utf8: previous)
    }
    if let next {
      out.key("next", first: &first)
      out.string(utf8: next)
    }
    out.raw("}")
  }
}
