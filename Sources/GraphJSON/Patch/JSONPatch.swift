/// A JSON Patch (RFC 6902): a sequence of operations that turns one document into another.
///
/// Parse one from its JSON form with `init(parsing:)`, apply it with `apply(to:)`, print it
/// with `jsonValue`. `JSONDiff` generates one from two documents.
public struct JSONPatch: Sendable, Hashable {
  /// One operation of a patch.
  public enum Operation: Sendable, Hashable {
    /// Inserts into an array, or adds or replaces an object member.
    case add(path: JSONPointer, value: JSONValue)
    /// Removes the value at `path`, which must exist.
    case remove(path: JSONPointer)
    /// Replaces the value at `path`, which must exist.
    case replace(path: JSONPointer, value: JSONValue)
    /// Removes the value at `from` and adds it at `path`.
    case move(from: JSONPointer, path: JSONPointer)
    /// Adds a copy of the value at `from` at `path`.
    case copy(from: JSONPointer, path: JSONPointer)
    /// Fails unless the value at `path` equals `value` (numbers by value, objects as sets).
    case test(path: JSONPointer, value: JSONValue)

    /// The operation's name as it appears in its `op` member.
    public var name: String {
      switch self {
      case .add: return "add"
      case .remove: return "remove"
      case .replace: return "replace"
      case .move: return "move"
      case .copy: return "copy"
      case .test: return "test"
      }
    }

    /// The target location.
    public var path: JSONPointer {
      switch self {
      case .add(let path, _), .remove(let path), .replace(let path, _), .move(_, let path),
        .copy(_, let path), .test(let path, _):
        return path
      }
    }

    /// The operation as a JSON object: `{"op":...,"from":...,"path":...,"value":...}`.
    public var jsonValue: JSONValue {
      var object = JSONObject()
      object.append("op", .string(name))
      switch self {
      case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
        object.append("path", .string(path.description))
        object.append("value", value)
      case .remove(let path):
        object.append("path", .string(path.description))
      case .move(let from, let path), .copy(let from, let path):
        object.append("from", .string(from.description))
        object.append("path", .string(path.description))
      }
      return .object(object)
    }
  }

  /// The operations, applied in order.
  public var operations: [Operation]

  public init(_ operations: [Operation] = []) { self.operations = operations }

  /// How many bytes of compact JSON a patch may add to a document unless told otherwise:
  /// 64 MiB (`graph-explorer patch --max-growth`).
  public static let defaultMaxGrowth = 64 << 20

  /// Whether the patch has no operations.
  public var isEmpty: Bool { operations.isEmpty }

  /// The patch as a JSON array of operation objects.
  public var jsonValue: JSONValue { .array(operations.map(\.jsonValue)) }

  /// Reads a patch from its JSON form: an array of operation objects.
  ///
  /// - Throws: `JSONPatchError.invalidPatch` when `value` is not an array,
  ///   `.invalidOperation(index:reason:)` for the first malformed operation.
  public init(parsing value: JSONValue) throws(JSONPatchError) {
    guard case .array(let items) = value else {
      throw .invalidPatch(reason: "expected an array of operations, found \(value.kindName)")
    }
    var operations: [Operation] = []
    operations.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      operations.append(try Self.operation(item, index: index))
    }
    self.operations = operations
  }

  static func operation(_ item: JSONValue, index: Int) throws(JSONPatchError) -> Operation {
    guard case .object(let object) = item else {
      throw .invalidOperation(index: index, reason: "expected an object, found \(item.kindName)")
    }
    guard let opValue = object["op"] else {
      throw .invalidOperation(index: index, reason: "missing 'op' member")
    }
    guard case .string(let op) = opValue else {
      throw .invalidOperation(
        index: index, reason: "'op' must be a string, found \(opValue.kindName)")
    }
    let path = try pointer(object, "path", index: index)
    func value() throws(JSONPatchError) -> JSONValue {
      guard let value = object["value"] else {
        throw .invalidOperation(index: index, reason: "missing 'value' member for \(op)")
      }
      return value
    }
    switch op {
    case "add": return .add(path: path, value: try value())
    case "remove": return .remove(path: path)
    case "replace": return .replace(path: path, value: try value())
    case "move": return .move(from: try pointer(object, "from", index: index), path: path)
    case "copy": return .copy(from: try pointer(object, "from", index: index), path: path)
    case "test": return .test(path: path, value: try value())
    default:
      throw .invalidOperation(
        index: index,
        reason:
          "unknown op \(JSONValue.string(op).compactText) (expected add, remove, replace, move, copy or test)"
      )
    }
  }

  private static func pointer(_ object: JSONObject, _ key: String, index: Int)
    throws(JSONPatchError) -> JSONPointer
  {
    guard let member = object[key] else {
      throw .invalidOperation(index: index, reason: "missing '\(key)' member")
    }
    guard case .string(let text) = member else {
      throw .invalidOperation(
        index: index, reason: "'\(key)' must be a string, found \(member.kindName)")
    }
    do {
      return try JSONPointer(parsing: text)
    } catch {
      throw .invalidOperation(index: index, reason: "'\(key)': \(error.description)")
    }
  }
}
