import GraphAPI
import GraphCassette

extension ServeLog {
  /// Where a raw parameter value ends in a request target: `&`, `;`, `#` or a space.
  static let valueEnds: Set<UInt8> = [0x26, 0x3B, 0x23, 0x20]

  /// `text` with the whole raw value of every secret parameter (`name=value`, the name
  /// possibly percent-encoded) replaced by `***`, up to its separator: the value is masked
  /// however it is encoded, `%20`, `%26`, `%28`, `%2C` and `%3B` included, where the decoded
  /// value would end at the space, `&`, `(`, `,` or `;` they stand for (issue 26).
  static func maskRawValues(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var nameStart = 0
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      out.append(byte)
      i += 1
      if valueEnds.contains(byte) || byte == 0x3F {
        nameStart = i
      } else if byte == 0x3D, i - 1 > nameStart {
        let name = PercentEncoding.decode(
          Substring(String(decoding: bytes[nameStart..<(i - 1)], as: UTF8.self)))
        guard SecretScanner.kind(ofName: name) != nil else { continue }
        var end = i
        while end < bytes.count, !valueEnds.contains(bytes[end]) { end += 1 }
        if end > i { out += Array("***".utf8) }
        i = end
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
