/// Percent-encoding as Graph clients use it: RFC 3986 unreserved characters stay literal,
/// everything else is `%XX`; decoding also turns `+` into a space in form and query values.
package enum PercentEncoding {
  /// Characters a query value may carry unencoded. Graph's `fields` syntax (braces,
  /// parentheses, commas) is kept readable, as the Graph API Explorer sends it.
  package static let queryValueAllowed: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~{}(),:*!$'@/?".utf8))

  /// Characters a form body value may carry unencoded (application/x-www-form-urlencoded).
  package static let formValueAllowed: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~*".utf8))

  /// Encodes `text`, keeping the bytes in `allowed` literal.
  package static func encode(_ text: String, allowed: Set<UInt8> = formValueAllowed) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for b in text.utf8 {
      if allowed.contains(b) {
        out.append(b)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes `%XX` escapes (and `+` as a space when `plusAsSpace`); malformed escapes are kept
  /// literally, invalid UTF-8 becomes U+FFFD.
  package static func decode(_ text: Substring, plusAsSpace: Bool = true) -> String {
    decode(bytes: Array(text.utf8), plusAsSpace: plusAsSpace)
  }

  /// `decode(_:plusAsSpace:)` of the bytes of a text.
  static func decode<Bytes: Collection<UInt8>>(bytes: Bytes, plusAsSpace: Bool) -> String
  where Bytes.Index == Int {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    let end = bytes.endIndex
    while i < end {
      let b = bytes[i]
      if b == UInt8(ascii: "%"), i + 2 < end,
        let hi = Hex.value(bytes[i + 1]), let lo = Hex.value(bytes[i + 2])
      {
        out.append(hi << 4 | lo)
        i += 3
      } else if b == UInt8(ascii: "+") && plusAsSpace {
        out.append(0x20)
        i += 1
      } else {
        out.append(b)
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
