/// The byte-level engine behind `JSONPrinter`.
struct JSONWriter {
  let options: JSONPrinter.Options
  let palette: JSONPrinter.Palette
  var output: [UInt8] = []

  init(options: JSONPrinter.Options, palette: JSONPrinter.Palette) {
    self.options = options
    self.palette = palette
    output.reserveCapacity(4096)
  }

  private var pretty: Bool { options.contains(.pretty) }
  private var color: Bool { options.contains(.color) }

  mutating func write(_ value: JSONValue, indent: Int) {
    switch value {
    case .null: colored(palette.null) { $0.append("null") }
    case .bool(let b): colored(palette.boolean) { $0.append(b ? "true" : "false") }
    case .number(let n): colored(palette.number) { $0.append(n.text) }
    case .string(let s): colored(palette.string) { $0.appendQuoted(s) }
    case .array(let items):
      if items.isEmpty {
        colored(palette.punctuation) { $0.append("[]") }
        return
      }
      colored(palette.punctuation) { $0.append("[") }
      for (i, item) in items.enumerated() {
        if i > 0 { colored(palette.punctuation) { $0.append(",") } }
        newline(indent + 1)
        write(item, indent: indent + 1)
      }
      newline(indent)
      colored(palette.punctuation) { $0.append("]") }
    case .object(let object):
      if object.members.isEmpty {
        colored(palette.punctuation) { $0.append("{}") }
        return
      }
      colored(palette.punctuation) { $0.append("{") }
      let members =
        options.contains(.sortedKeys)
        ? object.members.sorted {
          $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
        }
        : object.members
      for (i, member) in members.enumerated() {
        if i > 0 { colored(palette.punctuation) { $0.append(",") } }
        newline(indent + 1)
        colored(palette.key) { $0.appendQuoted(member.key) }
        colored(palette.punctuation) { $0.append(":") }
        if pretty { output.append(0x20) }
        write(member.value, indent: indent + 1)
      }
      newline(indent)
      colored(palette.punctuation) { $0.append("}") }
    }
  }

  private mutating func newline(_ indent: Int) {
    guard pretty else { return }
    output.append(0x0A)
    for _ in 0..<(indent * 2) { output.append(0x20) }
  }

  private mutating func colored(_ code: String, _ body: (inout JSONWriter) -> Void) {
    if color {
      append("\u{1B}[")
      append(code)
      append("m")
      body(&self)
      append("\u{1B}[0m")
    } else {
      body(&self)
    }
  }

  mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  mutating func appendQuoted(_ text: String) {
    output.append(UInt8(ascii: "\""))
    let asciiOnly = options.contains(.asciiOnly)
    var utf8 = text.utf8
    // Fast path: nothing to escape.
    let needsWork = utf8.contains {
      $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || (asciiOnly && $0 >= 0x80)
    }
    if !needsWork {
      output.append(contentsOf: utf8)
      output.append(UInt8(ascii: "\""))
      return
    }
    utf8 = text.utf8
    if asciiOnly {
      for scalar in text.unicodeScalars {
        if scalar.value >= 0x80 {
          for unit in String(scalar).utf16 { appendUnicodeEscape(UInt32(unit)) }
        } else {
          appendEscaped(UInt8(scalar.value))
        }
      }
    } else {
      for b in utf8 { appendEscaped(b) }
    }
    output.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscaped(_ b: UInt8) {
    switch b {
    case 0x22: append("\\\"")
    case 0x5C: append("\\\\")
    case 0x0A: append("\\n")
    case 0x0D: append("\\r")
    case 0x09: append("\\t")
    case 0x08: append("\\b")
    case 0x0C: append("\\f")
    case 0..<0x20: appendUnicodeEscape(UInt32(b))
    default: output.append(b)
    }
  }

  private mutating func appendUnicodeEscape(_ unit: UInt32) {
    let hex = Array("0123456789abcdef".utf8)
    append("\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(hex[Int((unit >> UInt32(shift)) & 0xF)])
    }
  }
}
