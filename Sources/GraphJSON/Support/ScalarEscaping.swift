extension String {
  /// What C, Python, Swift and YAML's double-quoted scalars write for these with a backslash.
  package static let backslashEscapes: [Unicode.Scalar: String] = [
    "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t",
  ]

  /// Whether `scalar` is a C0 control character or DEL, what every escaper here rewrites.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }

  /// This text with every scalar that `escape` gives a replacement for replaced by it, and
  /// the others kept: the one loop behind HTML, C-style and YAML escaping.
  /// - Complexity: O(n) in the scalars.
  package func escapingScalars(_ escape: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let replacement = escape(scalar) {
        out += replacement
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
