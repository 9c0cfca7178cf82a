/// Percent-encoding as Graph clients use it: RFC 3986 unreserved characters stay literal,
/// everything else is `%XX`; decoding also turns `+` into a space in form and query values.
package enum PercentEncoding {
  /// Characters a query value may carry unencoded. Graph's `fields` syntax (braces,
  /// parentheses, commas) is kept readable, as the Graph API Explorer sends it.
  package static let queryValueAllowed = ByteSet(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~{}(),:*!$'@/?")

  /// Characters a form body value may carry unencoded (application/x-www-form-urlencoded).
  package static let formValueAllowed = ByteSet(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~*")

  /// Encodes `text`, keeping the bytes in `allowed` literal.
  package static func encode(_ text: String, allowed: ByteSet = formValueAllowed) -> String {
    var out = ""
    append(text, allowed: allowed, to: &out)
    return out
  }

  /// Appends `text` encoded to `out`, keeping the bytes in `allowed` literal.
  package static func append(_ text: String, allowed: ByteSet, to out: inout String) {
    guard text.utf8.contains(where: { !allowed.contains($0) }) else {
      out += text
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    append(text, allowed: allowed, to: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the bytes of `text` encoded to `bytes`, keeping those in `allowed` literal.
  package static func append(_ text: String, allowed: ByteSet, to bytes: inout [UInt8]) {
    func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
    var text = text
    text.withUTF8 { utf8 in
      // Runs of literal bytes are copied at once (paging URLs are written for every edge page).
      var runStart = 0
      for i in utf8.indices where !allowed.contains(utf8[i]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
        bytes.append(UInt8(ascii: "%"))
        bytes.append(digit(utf8[i] >> 4))
        bytes.append(digit(utf8[i] & 0xF))
        runStart = i + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
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
