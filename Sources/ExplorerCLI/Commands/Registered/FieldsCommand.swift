import Foundation
import GraphJSON

/// `fields <path> [<word>]`: the fields of the node at a path, each with its type and Graph's
/// description, and its edges, from the node's `metadata=1` (issue 45: Tab shows names only).
/// A look-up: in neither the history nor a cassette.
struct FieldsCommand: REPLCommand {
  /// The node or edge to describe (`me`, `$pid`, `me/friends`).
  var path: Template
  /// A word the listed fields' and edges' names or descriptions hold, `nil` for all.
  var filter: String?

  static let help = CommandHelp(
    "fields <path> [<word>]",
    summary: "Lists a node's fields with their types and descriptions, and its edges",
    details: """
      Asks GET <path>?metadata=1 aside (not in the history or a cassette) and prints one
      field a line: its name, its type and what Graph says it is, then the edges. On an
      edge (me/friends) it describes the nodes it lists. A word after the path keeps the
      fields and edges whose name or description holds it (case ignored). Tab completes
      the path; what it learns also completes fields= and edges.
      """,
    options: [
      "<path>": "a node or an edge: me, an id, $last.id, me/friends",
      "<word>": "only the fields and edges whose name or description holds it",
    ],
    examples: "fields me", "fields me birth", "fields me/friends")

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> FieldsCommand {
    guard let first = arguments.first, arguments.count <= 2 else {
      throw CommandParser.usage(reference.name)
    }
    return FieldsCommand(path: first.template, filter: arguments.dropFirst().first?.text)
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.index == 0 ? context.completer.completePath(context.current, method: .get) : .none
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    let path = try session.resolve(self.path)
    guard var answer = await session.metadata(of: path) else {
      throw .failed(
        "fields: GET \(path)?metadata=1 was not answered with 200 (the path, the token: "
          + "GET \(path) metadata=1 shows the answer)")
    }
    var described = path
    // An edge's answer lists nodes: describe its first item's type.
    if answer["metadata"] == nil {
      guard let id = answer["data"]?[0]?["id"]?.stringValue,
        let item = await session.metadata(of: id)
      else { throw .failed("fields: \(path) has no metadata and lists no node to describe") }
      answer = item
      described = "\(path)[0] (\(id))"
    }
    session.catalog.learn(path: path, answer: answer)
    guard let metadata = answer["metadata"] else {
      throw .failed("fields: the answer for \(path) holds no metadata")
    }
    return [.text(Self.listing(metadata, of: described, filter: filter))]
  }

  /// `user · me · 34 fields, 21 edges`, then `  name  string  The user's full name` aligned,
  /// then `edges: friends, feed, ...`.
  static func listing(_ metadata: JSONValue, of path: String, filter: String?) -> String {
    let needle = filter?.lowercased()
    func kept(_ texts: String...) -> Bool {
      guard let needle else { return true }
      return texts.contains { $0.lowercased().contains(needle) }
    }
    let fields = (metadata["fields"]?.arrayValue ?? []).map { field in
      (
        name: field["name"]?.stringValue ?? "?", type: field["type"]?.stringValue ?? "",
        description: field["description"]?.stringValue ?? ""
      )
    }.filter { kept($0.name, $0.description) }
    let edges = (metadata["connections"]?.objectValue?.keys ?? []).filter { kept($0) }
    let type = metadata["type"]?.stringValue ?? "node"
    let matching = filter.map { " matching '\($0)'" } ?? ""
    var out = "\(type) · \(path) · \(fields.count) fields, \(edges.count) edges\(matching)\n"
    let nameWidth = min(fields.map(\.name.count).max() ?? 0, 28)
    let typeWidth = min(fields.map(\.type.count).max() ?? 0, 20)
    for field in fields {
      let name = field.name.padding(
        toLength: max(nameWidth, field.name.count), withPad: " ", startingAt: 0)
      let type = field.type.padding(
        toLength: max(typeWidth, field.type.count), withPad: " ", startingAt: 0)
      out += "  \(name)  \(type)  \(field.description)".trailingSpacesTrimmed + "\n"
    }
    if !edges.isEmpty { out += "edges: " + edges.joined(separator: ", ") + "\n" }
    return out
  }
}

extension String {
  fileprivate var trailingSpacesTrimmed: String {
    var text = Substring(self)
    while text.hasSuffix(" ") { text = text.dropLast() }
    return String(text)
  }
}
