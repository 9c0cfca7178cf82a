/// Text from a file or the network made safe to show on a terminal: a hostile cassette's
/// method holding `ESC]0;title BEL ESC[2J` must not retitle or clear the terminal, and a CR or
/// LF in a URL must not forge a line of output.
package enum TerminalText {
  /// `text` with every control character written as an escape, the way `fmt` and `diff` show
  /// strings: `\n`, `\r`, `\t`, and `\u001b` for the other C0 controls, DEL and the C1
  /// controls (U+0080 to U+009F); line and paragraph separators and the bidirectional
  /// overrides (U+202A to U+202E, U+2066 to U+2069) likewise, so text cannot be reordered.
  /// A backslash stays a backslash: the result is for reading, not for parsing back.
  package static func escaped(_ text: String) -> String {
    if isPrintableASCII(text, allowingLineFeeds: false) { return text }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.append(scalar)
        continue
      }
      let replacement: String
      switch scalar {
      case "\n": replacement = "\\n"
      case "\r": replacement = "\\r"
      case "\t": replacement = "\\t"
      default:
        let hex = String(scalar.value, radix: 16)
        replacement = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }
      out.append(contentsOf: replacement.unicodeScalars)
    }
    return String(out)
  }

  /// Each line of `text` escaped, the line breaks kept: for multi-line reports.
  package static func escapedLines(_ text: String) -> String {
    if isPrintableASCII(text, allowingLineFeeds: true) { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { escaped(String($0)) }.joined(separator: "\n")
  }

  /// Whether `text` is printable ASCII (and line feeds, if allowed): nothing in it is escaped.
  /// One pass over the bytes, the common case of a log line or a URL.
  static func isPrintableASCII(_ text: String, allowingLineFeeds: Bool) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte >= 0x7F {
        guard byte == 0x0A, allowingLineFeeds else { return false }
      }
      return true
    }
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
