import Foundation
import GraphAPI
import GraphCassette
import Testing

@testable import ExplorerCLI

/// The serve log masks a secret's whole value however it is encoded (issue 26): the decoded
/// value ends at the space, `&`, `(`, `,` or `;` an escape stands for, the raw one does not.
@Suite struct ServeLogRawValueTests {
  @Test(arguments: ["%20", "%26", "%28", "%2C", "%3B", "%2c", "+"])
  func theWholeRawValueIsMasked(escape: String) {
    let masked = ServeLog.mask("/v2.2/me?fields=id&access_token=AAA\(escape)TAIL&limit=2")
    #expect(masked == "/v2.2/me?fields=id&access_token=***&limit=2")
    #expect(!masked.contains("TAIL"))
  }

  @Test func anEncodedNameAndEveryPlaceAValueEnds() {
    #expect(ServeLog.mask("/me?access%5Ftoken=A%20B;x=1") == "/me?access%5Ftoken=***;x=1")
    #expect(
      ServeLog.mask("/cb#access_token=A%2CB&expires_in=5") == "/cb#access_token=***&expires_in=5")
    #expect(
      ServeLog.mask("'GET /me?client_secret=S%3BT HTTP/1.1'")
        == "'GET /me?client_secret=*** HTTP/1.1'")
    #expect(ServeLog.mask("/me?fields=a%20b") == "/me?fields=a%20b")
  }

  /// The names and values the in-place comparison must read as the decoding does: cases,
  /// brackets, escapes, `+`, non-ASCII and control bytes, near misses of every secret name.
  static let names: [String] = {
    var names: [String] = [
      "fields", "limit", "access_tok\u{E9}n", "acc\u{1}ess_token", "[access_token", "\u{212A}ode",
      "caf\u{E9}", "%", "%zz", "a%20b", "access_token[\u{301}]", "CODE[x]y",
    ]
    for name in Secret.parameterKinds.keys {
      let escaped: String = name.replacingOccurrences(of: "_", with: "%5F")
      let plus: String = name.replacingOccurrences(of: "_", with: "+")
      names.append(name)
      names.append(name.uppercased())
      names.append(name + "[0]")
      names.append(name + "[")
      names.append(String(name.dropLast()))
      names.append(name + "s")
      names.append("x" + name)
      names.append(escaped)
      names.append(name + "%5B1%5D")
      names.append(plus)
    }
    return names
  }()

  /// The old reading, each name decoded into a `String` and asked of `SecretScanner`.
  static func decodedMask(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let ends: Set<UInt8> = [0x26, 0x3B, 0x23, 0x20]
    var out: [UInt8] = []
    var nameStart = 0
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      out.append(byte)
      i += 1
      if ends.contains(byte) || byte == 0x3F {
        nameStart = i
      } else if byte == 0x3D, i - 1 > nameStart {
        let name = PercentEncoding.decode(
          Substring(String(decoding: bytes[nameStart..<(i - 1)], as: UTF8.self)))
        guard SecretScanner.kind(ofName: name) != nil else { continue }
        var end = i
        while end < bytes.count, !ends.contains(bytes[end]) { end += 1 }
        if end > i { out += Array("***".utf8) }
        i = end
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Issue 48: names are compared in place; every name masks as its decoded text says.
  @Test func namesComparedInPlaceMaskAsDecodedOnes() {
    for name in Self.names {
      for (separator, value) in [("?", "V"), ("&", "A%26B"), (";", ""), ("#", "x y")] {
        let target = "/me\(separator)\(name)=\(value)&\(name)=&limit=2 \(name)=T"
        #expect(ServeLog.maskRawValues(target) == Self.decodedMask(target), "\(target)")
      }
    }
    #expect(ServeLog.maskRawValues("/me?ACCESS_TOKEN[1]=abc") == "/me?ACCESS_TOKEN[1]=***")
    #expect(ServeLog.maskRawValues("/me?fields=id") == "/me?fields=id")
  }
}
