import GraphAPI

/// What a recorded answer's header must be to be served again (issue 31: a header name with
/// CRLF became `X-Evil` and `Set-Cookie` on the wire, and 0x01 and 0x7f reached clients): a
/// name of token characters (RFC 9110 5.1) and a value without control characters but tab
/// (RFC 9110 5.5). Checked when a cassette is read or imported, for every format.
enum ResponseHeaderRule {
  /// Why `name: value` cannot be served, or nil.
  static func problem(name: String, value: String) -> String? {
    if name.isEmpty || !name.utf8.allSatisfy(isTokenByte) {
      return "the header name \(escaped(name)) is not a token"
    }
    if let bad = value.unicodeScalars.first(where: {
      ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F
    }) {
      return "the header \(escaped(name)) has the control character \(escaped(String(bad)))"
    }
    return nil
  }

  /// The first interaction (printed from 1) whose answer has a header that cannot be served.
  static func check(_ cassette: Cassette, path: String) throws(CassetteError) {
    for (index, interaction) in cassette.interactions.enumerated() {
      for field in interaction.response.headers {
        if let problem = problem(name: field.name, value: field.value) {
          throw .invalidField(
            path: path, interaction: index, field: "response.headers", problem: problem)
        }
      }
    }
  }

  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// `text` quoted with every control character escaped (`'X-Evil\r\nSet-Cookie'`).
  static func escaped(_ text: String) -> String { "'" + TerminalText.escaped(text) + "'" }
}
