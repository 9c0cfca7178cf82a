import GraphJSON

/// Writes a JSON value as block-style YAML the way Ruby's Psych and Python's PyYAML lay out
/// VCR cassettes: mappings one key per line, sequences as `- ` items at their key's indentation,
/// strings plain when that is unambiguous, else single-quoted, else double-quoted with escapes.
public struct YAMLWriter {
  private(set) var output = ""

  /// The YAML text of `value`, optionally starting with the `---` document marker.
  public static func text(_ value: JSONValue, documentMarker: Bool) -> String {
    var writer = YAMLWriter()
    if documentMarker { writer.output += "---\n" }
    writer.node(value, indent: 0)
    return writer.output
  }

  private mutating func node(_ value: JSONValue, indent: Int) {
    switch value {
    case .object(let o) where !o.members.isEmpty: mapping(o, indent: indent)
    case .array(let a) where !a.isEmpty: sequence(a, indent: indent)
    default: output += Self.pad(indent) + Self.scalar(value) + "\n"
    }
  }

  private mutating func mapping(_ object: JSONObject, indent: Int, firstInline: Bool = false) {
    for (i, member) in object.members.enumerated() {
      if !(firstInline && i == 0) { output += Self.pad(indent) }
      output += Self.string(member.key) + ":"
      value(after: member.value, indent: indent)
    }
  }

  private mutating func sequence(_ items: [JSONValue], indent: Int) {
    for item in items {
      output += Self.pad(indent) + "-"
      switch item {
      case .object(let o) where !o.members.isEmpty:
        output += " "
        mapping(o, indent: indent + 2, firstInline: true)
      case .array(let a) where !a.isEmpty:
        output += "\n"
        sequence(a, indent: indent + 2)
      default:
        output += " " + Self.scalar(item) + "\n"
      }
    }
  }

  /// What follows `key:`: a scalar on the same line, or a nested block on the next lines.
  private mutating func value(after value: JSONValue, indent: Int) {
    if let base64 = Self.binary(value) {
      // As PyYAML writes bytes: `!!binary |` and the base64 in lines of 76.
      output += " !!binary |\n"
      var rest = Substring(base64)
      while !rest.isEmpty {
        output += Self.pad(indent + 2) + rest.prefix(76) + "\n"
        rest = rest.dropFirst(76)
      }
      return
    }
    switch value {
    case .object(let o) where !o.members.isEmpty:
      output += "\n"
      mapping(o, indent: indent + 2)
    case .array(let a) where !a.isEmpty:
      output += "\n"
      sequence(a, indent: indent)
    case .null:
      output += "\n"
    default:
      output += " " + Self.scalar(value) + "\n"
    }
  }

  /// The base64 of a `{"!binary": base64}` marker (`YAMLReader.binaryTag`).
  private static func binary(_ value: JSONValue) -> String? {
    guard case .object(let o) = value, o.members.count == 1,
      o.members[0].key == YAMLReader.binaryTag,
      case .string(let base64) = o.members[0].value
    else { return nil }
    return base64
  }

  private static func pad(_ n: Int) -> String { String(repeating: " ", count: n) }

  static func scalar(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return n.text
    case .string(let s): return string(s)
    case .object: return "{}"
    case .array: return "[]"
    }
  }

  /// A string as a YAML scalar that reads back as exactly that string.
  static func string(_ s: String) -> String {
    if isPlainSafe(s) { return s }
    let printable = !s.unicodeScalars.contains(where: String.isControl)
    if printable { return "'" + s.replacingAll("'", with: "''") + "'" }
    let escaped = s.escapingScalars { scalar in
      if let escape = String.backslashEscapes[scalar] { return escape }
      guard String.isControl(scalar) else { return nil }
      return "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
    }
    return "\"" + escaped + "\""
  }

  private static let reserved: Set<String> = [
    "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes",
    "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N", "=", "<<",
  ]

  private static func isPlainSafe(_ s: String) -> Bool {
    guard let first = s.first, let last = s.last, !reserved.contains(s) else { return false }
    if first == " " || last == " " || "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
    if s.contains(": ") || s.contains(" #") || last == ":" { return false }
    if s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
    // Anything that could read back as a number stays quoted.
    if s.allSatisfy({ $0.isNumber || "+-.eE_".contains($0) }) { return false }
    if s.hasPrefix("0x") || s.hasPrefix("0o") || s == ".inf" || s == ".nan" { return false }
    return true
  }
}
