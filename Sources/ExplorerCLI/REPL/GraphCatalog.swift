import GraphJSON

/// What the REPL has learned about the graph for completion: the node type behind each path
/// it has seen, and each type's edges and fields, from the `metadata` of `metadata=1` answers
/// (cached per node type).
struct GraphCatalog: Sendable, Equatable {
  /// Paths offered as the first word and after a method.
  var rootPaths: [String] = ["me"]
  /// The node type behind a normalised path (`me` → `user`).
  private(set) var typeOfPath: [String: String] = [:]
  /// Edge names per node type.
  private(set) var edgesOfType: [String: [String]] = [:]
  /// Field names per node type.
  private(set) var fieldsOfType: [String: [String]] = [:]
  /// Paths whose metadata was asked for and answered, so Tab asks once.
  private var asked: Set<String> = []

  /// Whether the metadata of `path` was already asked for.
  func hasAsked(_ path: String) -> Bool { asked.contains(Self.normalise(path)) }

  /// Notes that the metadata of `path` was asked for.
  mutating func markAsked(_ path: String) { asked.insert(Self.normalise(path)) }

  /// Forgets that the metadata of `path` was asked for: a lookup that failed (no token, an
  /// unknown version, a network error) is asked again at the next Tab.
  mutating func forgetAsked(_ path: String) { asked.remove(Self.normalise(path)) }

  /// Whether the type behind `path` is known.
  func knows(path: String) -> Bool { typeOfPath[Self.normalise(path)] != nil }

  /// The node type behind `path` (`user` for `me`), when its metadata has been seen.
  func type(ofPath path: String) -> String? { typeOfPath[Self.normalise(path)] }

  /// The edges of the node at `path`, when its metadata has been seen.
  func edges(ofPath path: String) -> [String] {
    typeOfPath[Self.normalise(path)].flatMap { edgesOfType[$0] } ?? []
  }

  /// The fields of the node at `path`, when its metadata has been seen.
  func fields(ofPath path: String) -> [String] {
    typeOfPath[Self.normalise(path)].flatMap { fieldsOfType[$0] } ?? []
  }

  /// Learns from an answer to `path`: its `metadata` (type, connections, fields), if any.
  mutating func learn(path: String, answer: JSONValue) {
    guard let metadata = answer["metadata"], let type = metadata["type"]?.stringValue else {
      return
    }
    typeOfPath[Self.normalise(path)] = type
    if let connections = metadata["connections"]?.objectValue {
      edgesOfType[type] = connections.keys
    }
    if let fields = metadata["fields"]?.arrayValue {
      fieldsOfType[type] = fields.compactMap { $0["name"]?.stringValue }
    }
  }

  /// `/v2.2/me?fields=x` → `me`: no leading slash, version or query.
  static func normalise(_ path: String) -> String {
    var text = Substring(path)
    if let mark = text.firstIndex(of: "?") { text = text[..<mark] }
    var components = text.split(separator: "/")
    if let first = components.first, CommandParser.isVersion(String(first)) {
      components.removeFirst()
    }
    return components.joined(separator: "/")
  }
}
