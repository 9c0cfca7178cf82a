import GraphJSON

/// Parses a YAML flow collection held on one logical line: `[a, 'b c', "d"]`, `{k: v}`, nested.
struct FlowParser {
  enum Incomplete: Error {
    case incomplete
    case malformed
    /// More nested collections than `maxDepth`.
    case tooDeep
  }

  var chars: [Unicode.Scalar]
  var i = 0
  /// How many collections may nest (what the enclosing block structure leaves).
  var maxDepth: Int
  var depth = 0

  mutating func parse() throws(Incomplete) -> JSONValue {
    let value = try node()
    skipSpaces()
    guard i == chars.count || chars[i] == "#" else { throw .malformed }
    return value
  }

  private mutating func skipSpaces() {
    while i < chars.count, chars[i] == " " { i += 1 }
  }

  private mutating func node() throws(Incomplete) -> JSONValue {
    skipSpaces()
    guard i < chars.count else { throw .incomplete }
    if chars[i] == "[" || chars[i] == "{" {
      depth += 1
      guard depth <= maxDepth else { throw .tooDeep }
    }
    switch chars[i] {
    case "[":
      i += 1
      var items: [JSONValue] = []
      while true {
        skipSpaces()
        guard i < chars.count else { throw .incomplete }
        if chars[i] == "]" {
          i += 1
          depth -= 1
          return .array(items)
        }
        items.append(try node())
        skipSpaces()
        guard i < chars.count else { throw .incomplete }
        if chars[i] == "," { i += 1 } else if chars[i] != "]" { throw .malformed }
      }
    case "{":
      i += 1
      var object = JSONObject()
      while true {
        skipSpaces()
        guard i < chars.count else { throw .incomplete }
        if chars[i] == "}" {
          i += 1
          depth -= 1
          return .object(object)
        }
        guard case .string(let key) = try scalar(stopAtColon: true) else { throw .malformed }
        skipSpaces()
        guard i < chars.count else { throw .incomplete }
        guard chars[i] == ":" else { throw .malformed }
        i += 1
        object.append(key, try node())
        skipSpaces()
        guard i < chars.count else { throw .incomplete }
        if chars[i] == "," { i += 1 } else if chars[i] != "}" { throw .malformed }
      }
    default:
      return try scalar(stopAtColon: false)
    }
  }

  private mutating func scalar(stopAtColon: Bool) throws(Incomplete) -> JSONValue {
    skipSpaces()
    guard i < chars.count else { throw .incomplete }
    let quote = chars[i]
    if quote == "'" || quote == "\"" {
      i += 1
      var out = ""
      while true {
        guard i < chars.count else { throw .incomplete }
        let ch = chars[i]
        if ch == quote {
          if quote == "'", i + 1 < chars.count, chars[i + 1] == "'" {
            out.append("'")
            i += 2
            continue
          }
          i += 1
          return .string(out)
        }
        if quote == "\"", ch == "\\", i + 1 < chars.count {
          let map: [Unicode.Scalar: Unicode.Scalar] = [
            "n": "\n", "t": "\t", "\"": "\"", "\\": "\\", "/": "/",
          ]
          out.unicodeScalars.append(map[chars[i + 1]] ?? chars[i + 1])
          i += 2
          continue
        }
        out.unicodeScalars.append(ch)
        i += 1
      }
    }
    var out = ""
    while i < chars.count {
      let ch = chars[i]
      if ch == "," || ch == "]" || ch == "}" { break }
      if stopAtColon, ch == ":", i + 1 >= chars.count || chars[i + 1] == " " { break }
      out.unicodeScalars.append(ch)
      i += 1
    }
    let text = out.trimmingSpaces
    return stopAtColon ? .string(text) : YAMLReader.typed(text)
  }
}
