import GraphJSON

/// A path into a JSON value as written in expectations and `--ignore` lists: `error.code`,
/// `data[0].id`, `data[*].id`, `paging.cursors.*`, `["odd.key"]`. A pattern of one bare name
/// (`fbtrace_id`) matches that key at any depth.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
    /// `*` or `[*]`: any key or any index.
    case any
  }

  public var components: [Component]

  public init(_ components: [Component]) { self.components = components }

  /// Parses `text`; `nil` when it is malformed (an unclosed bracket, an empty step).
  public init?(parsing text: String) {
    var result: [Component] = []
    var chars = Array(text)[...]
    var expectStep = true
    while let c = chars.first {
      if c == "." {
        guard !expectStep else { return nil }
        chars = chars.dropFirst()
        expectStep = true
      } else if c == "[" {
        guard let close = chars.firstIndex(of: "]") else { return nil }
        let inner = String(chars[chars.index(after: chars.startIndex)..<close])
        if inner == "*" {
          result.append(.any)
        } else if let n = Int(inner), n >= 0 {
          result.append(.index(n))
        } else if inner.count >= 2, inner.first == "\"", inner.last == "\"" {
          result.append(.key(String(inner.dropFirst().dropLast())))
        } else {
          return nil
        }
        chars = chars[chars.index(after: close)...]
        expectStep = false
      } else {
        let end = chars.firstIndex { $0 == "." || $0 == "[" } ?? chars.endIndex
        let name = String(chars[..<end])
        result.append(name == "*" ? .any : .key(name))
        chars = chars[end...]
        expectStep = false
      }
    }
    guard !result.isEmpty, !(expectStep && !text.isEmpty && text.last == ".") else {
      return nil
    }
    self.components = result
  }

  public var description: String {
    var out = ""
    for component in components {
      switch component {
      case .key(let k):
        let plain =
          !k.isEmpty && k.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        if plain {
          out += out.isEmpty ? k : ".\(k)"
        } else {
          out += "[\"\(k)\"]"
        }
      case .index(let i): out += "[\(i)]"
      case .any: out += out.isEmpty ? "*" : ".*"
      }
    }
    return out.isEmpty ? "." : out
  }

  /// The value at this path in `value` (wildcards take the first match), or `nil`.
  public func lookup(in value: JSONValue) -> JSONValue? {
    var current = value
    for component in components {
      switch component {
      case .key(let k):
        guard let next = current[k] else { return nil }
        current = next
      case .index(let i):
        guard let next = current[i] else { return nil }
        current = next
      case .any:
        if let first = current.arrayValue?.first {
          current = first
        } else if let first = current.objectValue?.members.first {
          current = first.value
        } else {
          return nil
        }
      }
    }
    return current
  }
}
