import GraphJSON

/// Text made safe for HTML element content and quoted attribute values: what `doctor --html`
/// and the emulator's dialog pages write.
package enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as entities and control characters (but tab and
  /// newline) as U+FFFD.
  package static func escaped(_ text: String) -> String {
    text.escapingScalars { scalar in
      if let entity = entities[scalar] { return entity }
      guard scalar != "\t", scalar != "\n" else { return nil }
      return String.isControl(scalar) || (0x80...0x9F).contains(scalar.value) ? "\u{FFFD}" : nil
    }
  }

  private static let entities: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
  ]
}
