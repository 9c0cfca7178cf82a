import GraphJSON

/// Quoted and block scalars: the parts of YAML that span lines.
extension YAMLReader {
  /// A single- or double-quoted scalar, possibly folded over several lines, as UTF-8 bytes.
  mutating func quoted(column: Int) throws(Failure) -> [UInt8] {
    let quote = at(column)
    let startLine = position
    var out: [UInt8] = []
    var i = column + 1
    var pendingBreaks = 0
    var atLineStart = false
    while true {
      let count = length
      if atLineStart {
        while i < count, at(i) == Self.space || at(i) == Self.tab { i += 1 }
        if i == count {
          pendingBreaks += 1
          advance()
          guard !atEnd else { break }
          i = 0
          continue
        }
        if pendingBreaks == 0 {
          out.append(Self.space)
        } else {
          out.append(contentsOf: repeatElement(0x0A, count: pendingBreaks))
        }
        pendingBreaks = 0
        atLineStart = false
      }
      guard i < count else {
        while out.last == Self.space { out.removeLast() }
        advance()
        guard !atEnd else { break }
        i = 0
        atLineStart = true
        continue
      }
      // The run of ordinary bytes up to the next quote or backslash, copied at once.
      var run = start + i
      while run < end, bytes[run] != quote, bytes[run] != UInt8(ascii: "\\") { run += 1 }
      if run > start + i {
        out.append(contentsOf: bytes[(start + i)..<run])
        i = run - start
        continue
      }
      let ch = at(i)
      if ch == quote {
        if quote == UInt8(ascii: "'"), i + 1 < count, at(i + 1) == quote {
          out.append(quote)
          i += 2
          continue
        }
        var rest = start + i + 1
        while rest < end, bytes[rest] == Self.space { rest += 1 }
        if rest < end {
          switch bytes[rest] {
          case UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "]"),
            UInt8(ascii: "}"):
            break
          default: throw failure("unexpected text after a quoted string", column: i + 2)
          }
        }
        advance()
        return out
      }
      if quote == UInt8(ascii: "\""), ch == UInt8(ascii: "\\") {
        guard i + 1 < count else {
          // An escaped line break: join without a space.
          advance()
          guard !atEnd else { break }
          i = 0
          while i < length, at(i) == Self.space { i += 1 }
          continue
        }
        i += 1 + (try escape(at: i + 1, into: &out))
        continue
      }
      // A backslash in a single-quoted scalar is an ordinary byte.
      out.append(ch)
      i += 1
    }
    throw failure("unterminated quoted string", column: column + 1, line: startLine)
  }

  /// Appends what the escape at column `i` of the current line (after its backslash) stands
  /// for to `out`, and returns how many bytes it used.
  func escape(at i: Int, into out: inout [UInt8]) throws(Failure) -> Int {
    let simple: String?
    switch at(i) {
    case UInt8(ascii: "n"): simple = "\n"
    case UInt8(ascii: "t"), Self.tab: simple = "\t"
    case UInt8(ascii: "r"): simple = "\r"
    case UInt8(ascii: "\""): simple = "\""
    case UInt8(ascii: "\\"): simple = "\\"
    case UInt8(ascii: "/"): simple = "/"
    case UInt8(ascii: "0"): simple = "\0"
    case UInt8(ascii: "a"): simple = "\u{07}"
    case UInt8(ascii: "b"): simple = "\u{08}"
    case UInt8(ascii: "e"): simple = "\u{1B}"
    case UInt8(ascii: "f"): simple = "\u{0C}"
    case UInt8(ascii: "v"): simple = "\u{0B}"
    case Self.space: simple = " "
    case UInt8(ascii: "N"): simple = "\u{85}"
    case UInt8(ascii: "_"): simple = "\u{A0}"
    case UInt8(ascii: "L"): simple = "\u{2028}"
    case UInt8(ascii: "P"): simple = "\u{2029}"
    default: simple = nil
    }
    if let simple {
      out.append(contentsOf: simple.utf8)
      return 1
    }
    let width: Int
    switch at(i) {
    case UInt8(ascii: "x"): width = 2
    case UInt8(ascii: "u"): width = 4
    case UInt8(ascii: "U"): width = 8
    default:
      throw failure("unknown escape \\\(scalar(atColumn: i))", column: i + 1)
    }
    let letter = Character(Unicode.Scalar(at(i)))
    guard i + width < length,
      let code = UInt32(string(start + i + 1, start + i + 1 + width), radix: 16),
      let scalar = Unicode.Scalar(code)
    else { throw failure("bad \\\(letter) escape", column: i + 1) }
    out.append(contentsOf: String(Character(scalar)).utf8)
    return width + 1
  }

  /// The Unicode scalar whose UTF-8 starts at column `i` of the current line.
  private func scalar(atColumn i: Int) -> String {
    var j = start + i + 1
    while j < end, bytes[j] & 0xC0 == 0x80 { j += 1 }
    return String(string(start + i, j).unicodeScalars.first.map(Character.init) ?? " ")
  }

  /// `|`, `|-`, `|+`, `>`, `>-` block scalars (an indentation digit is honoured).
  mutating func blockScalar(header: [UInt8], parentIndent: Int) throws(Failure) -> JSONValue {
    let folded = header[0] == UInt8(ascii: ">")
    var chomp = Self.space
    var explicitIndent: Int?
    for ch in header.dropFirst() {
      if ch == UInt8(ascii: "-") || ch == UInt8(ascii: "+") {
        chomp = ch
      } else if (0x30...0x39).contains(ch) {
        explicitIndent = Int(ch) - 48
      } else if ch == Self.space || ch == UInt8(ascii: "#") {
        break
      }
    }
    advance()
    // The lines of the body as byte ranges; an empty range is a blank line.
    var body: [Range<Int>] = []
    var contentIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
    while !atEnd {
      let n = indent()
      let blank = n == length
      if !blank {
        if contentIndent == nil { contentIndent = n }
        if n < contentIndent! || n <= parentIndent { break }
      }
      body.append(blank ? 0..<0 : (start + min(contentIndent ?? 0, length))..<end)
      advance()
    }
    var trailing = 0
    while let last = body.last, last.isEmpty {
      body.removeLast()
      trailing += 1
    }
    var text: [UInt8] = []
    text.reserveCapacity(body.reduce(0) { $0 + $1.count + 1 } + trailing)
    for (k, line) in body.enumerated() {
      if k > 0 {
        if folded {
          let prev = body[k - 1]
          let newline =
            prev.isEmpty || line.isEmpty || bytes[line.lowerBound] == Self.space
            || bytes[prev.lowerBound] == Self.space
          text.append(newline ? 0x0A : Self.space)
        } else {
          text.append(0x0A)
        }
      }
      text.append(contentsOf: bytes[line])
    }
    switch chomp {
    case UInt8(ascii: "-"): break
    case UInt8(ascii: "+"):
      text.append(contentsOf: repeatElement(0x0A, count: body.isEmpty ? trailing : trailing + 1))
    default: if !body.isEmpty { text.append(0x0A) }
    }
    return stringValue(text)
  }
}
