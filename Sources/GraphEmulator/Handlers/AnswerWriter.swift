import GraphAPI
import GraphJSON

/// Writes the answers to the commonest reads, a node (`GET <id>?fields=...`) and a page of an
/// edge (`GET <id>/<edge>`), straight into the body's bytes: the stored values of the world
/// and the field names go down in order, with no `JSONValue` of the answer built and printed
/// (issue 48: the tree and its printing were most of a read's cost). Each value is the one
/// `NodeRenderer` gives, so the bytes are those printing `NodeRenderer`'s object gives;
/// `GraphEmulatorTests.AnswerWriterTests` compares them over graph-bench's distinct reads.
///
/// An answer larger than `largest` is left to the tree (`nil`), so `AnswerBudget`'s estimate
/// decides oversized answers exactly as before.
struct AnswerWriter {
  var renderer: NodeRenderer
  /// Where people listed without `fields` are kept written, and the state generation.
  var people: (items: PersonItems, generation: Int)?

  /// The largest body written here (far below `AnswerBudget.perAnswer`, and below a quarter
  /// of it, the most its estimate can exceed the printed size by).
  static let largest = 64 * 1024

  /// A node's object: the selected fields, or its defaults.
  func node(_ node: Node, selection: FieldSelection?) throws(GraphError) -> [UInt8]? {
    var out = JSONBytes()
    try write(node, selection: selection, into: &out)
    return out.count <= Self.largest ? out.finish() : nil
  }

  /// A page of `edge` of `owner`: `data`, `paging`, and `summary` when asked for (or recorded
  /// unasked), as `NodeRenderer.list` makes it for a top-level edge.
  func edge(
    owner: Node, edge: Schema.Edge, selection: FieldSelection?, pager: EdgePager,
    summary: [String]?, type: String?
  ) throws(GraphError) -> [UInt8]? {
    let page = try EdgePage(renderer, owner: owner, edge: edge, pager: pager, type: type)
    var out = JSONBytes()
    out.raw("{\"data\":[")
    var first = true
    let nodes = renderer.world.nodes
    let selects = selection.map { !$0.fields.isEmpty } ?? false
    let people = edge.item == .reaction || selects ? nil : self.people
    // A page of people is one stretch of its edge's run (`PersonItems.run`).
    if let people, let range = page.window.range,
      let run = people.items.run(
        PersonItems.RunKey(owner: owner.id, edge: edge.storedName, narrowed: page.narrowed),
        ids: page.ids, range: range, generation: people.generation,
        write: { id in Self.runItem(nodes[id]) })
    {
      out.raw(bytes: Array(run))
      if out.count > Self.largest { return nil }
    } else {
      for index in page.window.indices {
        let id = page.ids[index]
        if let people,
          let item = people.items.item(
            id, generation: people.generation, write: { Self.personItem(nodes[id]) })
        {
          out.separator(first: &first)
          out.raw(bytes: item)
        } else {
          guard let node = nodes[id] else { continue }
          out.separator(first: &first)
          if let selection, selects {
            try write(node, selection: selection, into: &out)
          } else {
            writeItem(node, form: edge.item, into: &out)
          }
        }
        if out.count > Self.largest { return nil }
      }
    }
    out.raw("]")
    if let links = page.links(
      renderer, owner: owner, edge: edge, pager: pager, selection: selection, nested: false)
    {
      out.raw(",\"paging\":")
      links.write(into: &out)
    }
    if page.showsSummary(summary) {
      out.raw(",\"summary\":")
      out.value(
        .object(
          renderer.summaryObject(
            edge: edge, ids: page.counted, total: page.total, asked: summary ?? [])))
    }
    out.raw("}")
    return out.count <= Self.largest ? out.finish() : nil
  }

  /// `NodeRenderer.render(_:selection:)`, written: each selected field's value in order, then
  /// the id when no field is named `id`.
  private func write(_ node: Node, selection: FieldSelection?, into out: inout JSONBytes)
    throws(GraphError)
  {
    guard let selection, !selection.fields.isEmpty else {
      out.value(.object(renderer.defaultObject(node)))
      return
    }
    out.raw("{")
    var first = true
    var namesID = false
    for field in selection.fields {
      if field.outputName == "id" { namesID = true }
      guard let value = try renderer.value(of: field, on: node) else { continue }
      out.key(field.outputName, first: &first)
      out.value(value)
    }
    if !namesID {
      out.raw(first ? "\"id\":" : ",\"id\":")
      out.string(node.id)
    }
    out.raw("}")
  }

  /// `NodeRenderer.itemObject(_:form:)`, written: a person as `name` and `id` without a tree;
  /// any other item, and a reaction, as its object.
  private func writeItem(_ node: Node, form: Schema.Edge.ItemForm, into out: inout JSONBytes) {
    guard node.type == .user, form != .reaction else {
      out.value(.object(renderer.itemObject(node, form: form)))
      return
    }
    Self.writePerson(node, into: &out)
  }

  /// A person's item as `writeItem` writes it, on its own (`PersonItems` keeps it); `nil` for
  /// anything but a person.
  static func personItem(_ node: Node?) -> [UInt8]? {
    guard let node, node.type == .user else { return nil }
    var out = JSONBytes(capacity: 64)
    writePerson(node, into: &out)
    return out.finish()
  }

  /// A list's item for a run (`PersonItems.run`): a person's bytes, an absent id, or another
  /// kind of node.
  private static func runItem(_ node: Node?) -> PersonItems.Item {
    guard let node else { return .absent }
    return personItem(node).map { .person($0) } ?? .other
  }

  /// A person as an edge lists them: `name` (when set) and `id`.
  private static func writePerson(_ node: Node, into out: inout JSONBytes) {
    // The names are written as they print (`"name":`), not quoted again for each friend.
    if let name = node.fields["name"] {
      out.raw("{\"name\":")
      out.value(name)
      out.raw(",\"id\":")
    } else {
      out.raw("{\"id\":")
    }
    out.string(node.id)
    out.raw("}")
  }
}
