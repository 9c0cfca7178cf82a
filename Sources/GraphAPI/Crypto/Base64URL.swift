/// Base64 with the URL and filename safe alphabet and no padding (RFC 4648 §5), as Facebook's
/// signed requests write their signature and payload.
public enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
  /// RFC 4648 §4's alphabet (`+` and `/`), as Graph's paging cursors use it unpadded.
  private static let standardAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` encoded, without `=` padding.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    encode(bytes, alphabet: alphabet)
  }

  /// `bytes` in standard Base64 (RFC 4648 §4) without `=` padding.
  package static func encodeStandard(_ bytes: some Collection<UInt8>) -> String {
    encode(bytes, alphabet: standardAlphabet)
  }

  private static func encode(_ bytes: some Collection<UInt8>, alphabet: [UInt8]) -> String {
    let input = Array(bytes)
    var out: [UInt8] = []
    out.reserveCapacity((input.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < input.count {
      let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
      for shift: UInt32 in [18, 12, 6, 0] { out.append(alphabet[Int(n >> shift & 63)]) }
      i += 3
    }
    let rest = input.count - i
    if rest > 0 {
      var n = UInt32(input[i]) << 16
      if rest == 2 { n |= UInt32(input[i + 1]) << 8 }
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      if rest == 2 { out.append(alphabet[Int(n >> 6 & 63)]) }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
