/// A location in a document as people read it: `data[3].name`, `paging.next`,
/// `["odd key"][0]`. The empty path, the whole document, reads `.`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step: an object member or an array element.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps, outermost first.
  public var components: [Component]

  public init(_ components: [Component] = []) { self.components = components }

  /// The path one step longer.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The path without its last step (the root's parent is the root).
  public var parent: JSONPath { JSONPath(Array(components.dropLast())) }

  /// The same location as a JSON Pointer.
  public var pointer: JSONPointer {
    JSONPointer(
      tokens: components.map {
        switch $0 {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
      })
  }

  /// `data[3].name`; keys that are not plain identifiers are quoted: `["a.b"]`.
  public var description: String {
    if components.isEmpty { return "." }
    var text = ""
    for component in components {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let key):
        if Self.isIdentifier(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[\(JSONValue.string(key).compactText)]"
        }
      }
    }
    return text
  }

  /// The value at this path in `document`, or `nil`.
  public func evaluate(in document: JSONValue) -> JSONValue? {
    var current = document
    for component in components {
      switch component {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let next = current[index] else { return nil }
        current = next
      }
    }
    return current
  }

  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(first >= 48 && first <= 57) else { return false }
    return key.utf8.allSatisfy {
      ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122)
        || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$")
    }
  }
}
