/// A path pattern naming parts of a document to leave out of a diff: `paging`,
/// `**.fbtrace_id`, `data[*].updated_time`, `data[0]`, `*.id`, `["odd key"]`.
///
/// `name` or `.name` matches that member, `["name"]` a member with any characters, `[N]` the
/// element at index N, `[*]` any element, `*` any member or element, and `**` any number
/// (zero or more) of steps.
public struct JSONPathPattern: Sendable, Hashable, CustomStringConvertible {
  enum Step: Sendable, Hashable {
    case key(String)
    case index(Int)
    case anyIndex
    case any
    case anyDepth
  }

  let steps: [Step]

  /// The pattern as written.
  public let description: String

  /// Parses a pattern.
  ///
  /// - Throws: `JSONPatchError.invalidPattern` naming the pattern and the problem.
  public init(parsing text: String) throws(JSONPatchError) {
    description = text
    var steps: [Step] = []
    let chars = Array(text)
    var i = 0
    func fail(_ reason: String) -> JSONPatchError { .invalidPattern(text, reason: reason) }
    guard !chars.isEmpty else { throw fail("the pattern is empty") }
    while i < chars.count {
      if chars[i] == "[" {
        guard let close = Self.closingBracket(chars, from: i) else {
          throw fail("'[' at column \(i + 1) is not closed")
        }
        let inner = String(chars[(i + 1)..<close])
        if inner == "*" {
          steps.append(.anyIndex)
        } else if let index = Int(inner), index >= 0, inner.allSatisfy(\.isASCII) {
          steps.append(.index(index))
        } else if inner.hasPrefix("\""),
          let key = try? JSONParser.parse(inner).stringValue
        {
          steps.append(.key(key))
        } else {
          throw fail("expected [N], [*] or [\"key\"] at column \(i + 1)")
        }
        i = close + 1
        continue
      }
      if chars[i] == "." {
        guard i + 1 < chars.count, chars[i + 1] != ".", chars[i + 1] != "[" else {
          throw fail("expected a name after the '.' at column \(i + 1)")
        }
        i += 1
      }
      var end = i
      while end < chars.count && chars[end] != "." && chars[end] != "[" { end += 1 }
      let name = String(chars[i..<end])
      switch name {
      case "**": steps.append(.anyDepth)
      case "*": steps.append(.any)
      default: steps.append(.key(name))
      }
      i = end
    }
    guard steps.count < 60 else { throw fail("more than 60 steps") }
    self.steps = steps
  }

  private static func closingBracket(_ chars: [Character], from start: Int) -> Int? {
    var i = start + 1
    var inString = false
    while i < chars.count {
      let c = chars[i]
      if inString {
        if c == "\\" {
          i += 1
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "]" {
        return i
      }
      i += 1
    }
    return nil
  }

  /// Whether the pattern matches the whole of `path`.
  public func matches(_ path: JSONPath) -> Bool {
    var states = PatternStates(patterns: [self])
    for component in path.components {
      states = states.step(component)
      if states.isEmpty { return false }
    }
    return states.accepts
  }

  /// Whether `step` matches one path component.
  func step(_ index: Int, matches component: JSONPath.Component) -> Bool {
    switch (steps[index], component) {
    case (.key(let name), .key(let key)): return name == key
    case (.index(let n), .index(let i)): return n == i
    case (.anyIndex, .index): return true
    case (.any, _), (.anyDepth, _): return true
    default: return false
    }
  }
}
