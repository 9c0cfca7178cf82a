import GraphAPI
import GraphCassette

extension ServeLog {
  /// Whether `byte` ends a raw parameter value in a request target: `&`, `;`, `#` or a space.
  static func endsValue(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3B || byte == 0x23 || byte == 0x20
  }

  /// `text` with the whole raw value of every secret parameter (`name=value`, the name
  /// possibly percent-encoded) replaced by `***`, up to its separator: the value is masked
  /// however it is encoded, `%20`, `%26`, `%28`, `%2C` and `%3B` included, where the decoded
  /// value would end at the space, `&`, `(`, `,` or `;` they stand for (issue 26). A target
  /// with no secret parameter is given back as it is, with no copy (issue 48: every distinct
  /// request's log line goes through here).
  static func maskRawValues(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var out: [UInt8] = []
      var copied = 0
      var nameStart = 0
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        i += 1
        if endsValue(byte) || byte == 0x3F {
          nameStart = i
        } else if byte == 0x3D, i - 1 > nameStart,
          isSecretName(UnsafeBufferPointer(rebasing: bytes[nameStart..<(i - 1)]))
        {
          var end = i
          while end < bytes.count, !endsValue(bytes[end]) { end += 1 }
          if end > i {
            if out.isEmpty { out.reserveCapacity(bytes.count) }
            out.append(contentsOf: bytes[copied..<i])
            out.append(contentsOf: Self.maskBytes)
            copied = end
          }
          i = end
        }
      }
      guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
      out.append(contentsOf: bytes[copied...])
      return String(decoding: out, as: UTF8.self)
    }
  }

  private static let maskBytes = Array("***".utf8)

  /// Whether a raw parameter name names a secret (`SecretScanner.kind(ofName:)` of its
  /// percent-decoded text). A name of printable ASCII with no `%` or `+` decodes to itself and
  /// is compared, lower-cased up to a `[`, with the secret names' bytes in place; any other
  /// goes through the decoding.
  static func isSecretName(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    var cut: Int?
    for (n, byte) in raw.enumerated() {
      guard byte > 0x20, byte < 0x7F, byte != 0x25, byte != 0x2B else {
        let name = PercentEncoding.decode(Substring(String(decoding: raw, as: UTF8.self)))
        return SecretScanner.kind(ofName: name) != nil
      }
      if byte == 0x5B, cut == nil { cut = n }
    }
    let length = cut ?? raw.count
    search: for name in secretNames where name.count == length {
      for (n, byte) in name.enumerated() {
        let given = raw[n]
        let lower = given >= 0x41 && given <= 0x5A ? given | 0x20 : given
        guard lower == byte else { continue search }
      }
      return true
    }
    return false
  }

  /// The names `SecretScanner.kind(ofName:)` finds a secret kind for, as bytes.
  private static let secretNames: [[UInt8]] = Secret.parameterKinds.keys.map { Array($0.utf8) }
}
