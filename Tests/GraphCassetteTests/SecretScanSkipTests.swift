import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 48: the redactor's scan was 8-9% of `serve --record`. It now skips eight bytes at a
/// time where none can start a secret (`SecretScanner.mayStartSomething`), tells a secret
/// name from its bytes with no `String` (`kind(ofNameBytes:)`), and reads decoded text with no
/// map back to the source until something matched (`DecodedText.bytes(of:)`). Each must find
/// exactly what the byte-by-byte, `String`-based way found.
@Suite struct SecretScanSkipTests {
  /// The bytes whose class is not `.other` in the scan: where a secret can start.
  static let starts: Set<UInt8> = Set(Array(".=:CE0123456789".utf8))

  @Test func aWordWithAByteThatCanStartASecretIsNeverSkipped() {
    let fillers: [UInt8] = Array("abz_-\"{}[],xyZ/;<".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFF]
    for filler in fillers {
      for byte in 0...255 {
        for position in 0..<8 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = UInt8(byte)
          let word = bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!) }
          if Self.starts.contains(UInt8(byte)) || Self.starts.contains(filler) {
            #expect(SecretScanner.mayStartSomething(word), "\(byte) at \(position)")
          }
        }
      }
    }
  }

  /// What the word test lets through besides: only `/`, `;` and `<` (between `.` and `=`).
  @Test func aWordOfOtherBytesIsSkipped() {
    let letThrough: Set<UInt8> = Self.starts.union(Array("/;<".utf8))
    for byte in 0...255 where !letThrough.contains(UInt8(byte)) {
      for filler in Array("ab_\"{,".utf8) + [0x80, 0xFF] {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[Int(byte) % 8] = UInt8(byte)
        let word = bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!) }
        #expect(!SecretScanner.mayStartSomething(word), "\(byte)")
      }
    }
  }

  /// Every kind of secret, at every offset from a word boundary, after and before runs of
  /// bytes that are skipped, is found with the same value.
  @Test(arguments: 0..<17)
  func secretsAreFoundAtEveryOffset(offset: Int) {
    let token = "EAAB" + String(repeating: "Zq9x", count: 10)
    let appToken = "123456789012|" + String(repeating: "s3cr", count: 5)
    let signed = String(repeating: "Sig_", count: 6) + ".eyJhbGciOiJIUzI1NiJ9abc"
    let pad = String(repeating: "x", count: offset)
    let texts: [(String, String)] = [
      (pad + "a=1&access_token=short1&b=2", "short1"),
      (pad + #"{"client_secret": "sh0rt"}"#, "sh0rt"),
      (pad + " " + token + " tail", token),
      (pad + " " + appToken, appToken),
      (pad + " " + signed + " ", signed),
      (pad + "?Access_Token[]=Mixed9", "Mixed9"),
    ]
    for (text, value) in texts {
      let found = SecretScanner.secrets(in: Array(text.utf8)).map(\.value)
      #expect(found.contains(value), "\(text)")
    }
  }

  @Test func aSecretNameIsToldFromItsBytesAsFromItsString() {
    var names = Array(Secret.parameterKinds.keys)
    names += names.map { $0.uppercased() } + names.map { $0.capitalized }
    names += names.map { $0 + "[]" } + names.map { $0 + "[0]" }
    names += [
      "fields", "limit", "code_", "xcode", "access_tokens", "access-token", "token", "a", "[]",
      "CLIENT_SECRET[x]", "app_secret_", "signed_requesT", "fb_exchange_token",
    ]
    for name in names {
      let bytes = Array(name.utf8)
      #expect(
        SecretScanner.kind(ofNameBytes: bytes[...]) == SecretScanner.kind(ofName: name), "\(name)")
    }
  }

  @Test func decodedBytesAreTheDecodedTextsBytes() {
    let texts = [
      "", "plain text", "%41%2541%zz%4", #"a\/b\"c\u0041\u00e9\"#, "access_token%3DEAAB%252F",
      "%", "\\", "\\u00", "%2", "100%25", #"{"url":"https:\/\/graph.facebook.com\/me"}"#,
    ]
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("%\\u0Aa2F5\"/ ".utf8)
    let random = (0..<300).map { _ in
      String(
        decoding: (0..<Int.random(in: 0...24, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }, as: UTF8.self)
    }
    for text in texts + random {
      let bytes = Array(text.utf8)
      #expect(DecodedText.bytes(of: bytes) == DecodedText(bytes).bytes, "\(text)")
    }
  }

  @Test(arguments: [
    ("Authorization", true), ("authorization", true), ("AUTHORIZATION", true),
    ("Authorisation", false), ("Authorization2", false), ("X-Authorization", false),
    ("authorizatioN", true), ("Authörization", false), ("", false),
  ])
  func authorizationIsToldWithoutCase(name: String, expected: Bool) {
    #expect(SecretFinder.isAuthorization(name) == expected)
    #expect(SecretFinder.isAuthorization(name) == (name.lowercased() == "authorization"))
  }

  /// A URL or body equal to the last one scanned in its place holds what it held then; one
  /// that differs (by a byte, or in length) is scanned again.
  @Test func aTextScannedAgainHoldsWhatItHeld() {
    var memo = SecretFinder.CleanHeaders()
    let token = "EAAB" + String(repeating: "Zq9x", count: 10)
    let url = "https://graph.facebook.com/me?access_token=" + token
    #expect(memo.secrets(inURL: url).map(\.value) == [token, token])
    #expect(memo.secrets(inURL: url).map(\.value) == [token, token])
    #expect(memo.secrets(inURL: "https://graph.facebook.com/me").isEmpty)
    #expect(memo.secrets(inURL: url + "x").map(\.value) == [token + "x", token + "x"])
    let body = Array(#"{"access_token":"\#(token)"}"#.utf8)
    var other = body
    other[20] = UInt8(ascii: "Y")
    #expect(memo.secrets(inBody: body, side: .response).count == 2)
    #expect(memo.secrets(inBody: body, side: .request).count == 2)
    #expect(memo.secrets(inBody: other, side: .response).allSatisfy { $0.value != token })
    #expect(memo.secrets(inBody: body, side: .response).allSatisfy { $0.value == token })
    #expect(memo.secrets(inBody: Array("a=1".utf8), side: .response).isEmpty)
  }
}
