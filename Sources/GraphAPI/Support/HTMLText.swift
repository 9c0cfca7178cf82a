/// Text made safe for HTML element content and quoted attribute values: what `doctor --html`
/// and the emulator's dialog pages write.
package enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as entities and control characters (but tab and
  /// newline) as U+FFFD.
  package static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
