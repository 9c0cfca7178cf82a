import GraphJSON

/// Quoted and block scalars: the parts of YAML that span lines.
extension YAMLReader {
  /// A single- or double-quoted scalar, possibly folded over several lines.
  mutating func quoted(column: Int) throws(Failure) -> String {
    let quote = lines[index][column]
    let startLine = index
    var out = ""
    var i = column + 1
    var pendingBreaks = 0
    var atLineStart = false
    while true {
      let line = lines[index]
      if atLineStart {
        while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
        if i == line.count {
          pendingBreaks += 1
          index += 1
          guard index < lines.count else { break }
          i = 0
          continue
        }
        out += pendingBreaks == 0 ? " " : String(repeating: "\n", count: pendingBreaks)
        pendingBreaks = 0
        atLineStart = false
      }
      guard i < line.count else {
        while out.hasSuffix(" ") { out.removeLast() }
        index += 1
        guard index < lines.count else { break }
        i = 0
        atLineStart = true
        continue
      }
      let ch = line[i]
      if ch == quote {
        if quote == "'", i + 1 < line.count, line[i + 1] == "'" {
          out.append("'")
          i += 2
          continue
        }
        let rest = line[(i + 1)...].drop { $0 == " " }
        guard
          rest.isEmpty || rest.first == "#" || rest.first == ":" || rest.first == ","
            || rest.first == "]" || rest.first == "}"
        else { throw failure("unexpected text after a quoted string", column: i + 2) }
        index += 1
        return out
      }
      if quote == "\"", ch == "\\" {
        guard i + 1 < line.count else {
          // An escaped line break: join without a space.
          index += 1
          guard index < lines.count else { break }
          i = 0
          while i < lines[index].count, lines[index][i] == " " { i += 1 }
          continue
        }
        let (text, used) = try escape(line, at: i + 1)
        out += text
        i += 1 + used
        continue
      }
      out.unicodeScalars.append(ch)
      i += 1
    }
    throw failure("unterminated quoted string", column: column + 1, line: startLine)
  }

  func escape(_ line: [Unicode.Scalar], at i: Int) throws(Failure) -> (String, Int) {
    let simple: [Unicode.Scalar: String] = [
      "n": "\n", "t": "\t", "r": "\r", "\"": "\"", "\\": "\\", "/": "/", "0": "\0",
      "a": "\u{07}", "b": "\u{08}", "e": "\u{1B}", "f": "\u{0C}", "v": "\u{0B}", " ": " ",
      "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}", "\t": "\t",
    ]
    if let s = simple[line[i]] { return (s, 1) }
    let width: Int
    switch line[i] {
    case "x": width = 2
    case "u": width = 4
    case "U": width = 8
    default: throw failure("unknown escape \\\(line[i])", column: i + 1)
    }
    guard i + width < line.count,
      let code = UInt32(String(scalars: line[(i + 1)...(i + width)]), radix: 16),
      let scalar = Unicode.Scalar(code)
    else { throw failure("bad \\\(line[i]) escape", column: i + 1) }
    return (String(Character(scalar)), width + 1)
  }

  /// `|`, `|-`, `|+`, `>`, `>-` block scalars (an indentation digit is honoured).
  mutating func blockScalar(header: [Unicode.Scalar], parentIndent: Int) throws(Failure)
    -> JSONValue
  {
    let folded = header[0] == ">"
    var chomp: Unicode.Scalar = " "
    var explicitIndent: Int?
    for ch in header.dropFirst() {
      if ch == "-" || ch == "+" {
        chomp = ch
      } else if ("0"..."9").contains(ch) {
        explicitIndent = Int(ch.value) - 48
      } else if ch == " " || ch == "#" {
        break
      }
    }
    index += 1
    var body: [String] = []
    var contentIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
    while index < lines.count {
      let line = lines[index]
      let blank = line.allSatisfy { $0 == " " }
      if !blank {
        let n = indent(index)
        if contentIndent == nil { contentIndent = n }
        if n < contentIndent! || n <= parentIndent { break }
      }
      body.append(blank ? "" : String(scalars: line.dropFirst(contentIndent ?? 0)))
      index += 1
    }
    var trailing = 0
    while body.last == "" {
      body.removeLast()
      trailing += 1
    }
    var text: String
    if folded {
      text = ""
      for (i, l) in body.enumerated() {
        if i > 0 {
          let prev = body[i - 1]
          text += (prev.isEmpty || l.isEmpty || l.first == " " || prev.first == " ") ? "\n" : " "
        }
        text += l
      }
    } else {
      text = body.joined(separator: "\n")
    }
    switch chomp {
    case "-": break
    case "+": text += String(repeating: "\n", count: body.isEmpty ? trailing : trailing + 1)
    default: if !body.isEmpty { text += "\n" }
    }
    return .string(text)
  }
}
