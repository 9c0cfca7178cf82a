import GraphAPI
import Testing

@Suite struct HMACSHA256Tests {
  struct Case: Sendable, CustomTestStringConvertible {
    var number: Int
    var key: [UInt8]
    var data: [UInt8]
    var mac: String
    var testDescription: String { "RFC 4231 test case \(number)" }
  }

  static let longKey = [UInt8](repeating: 0xaa, count: 131)

  /// RFC 4231 section 4, HMAC-SHA-256 results (case 5 is truncated to 128 bits).
  static let cases: [Case] = [
    Case(
      number: 1, key: .init(repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
      mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    Case(
      number: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
      mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    Case(
      number: 3, key: .init(repeating: 0xaa, count: 20), data: .init(repeating: 0xdd, count: 50),
      mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    Case(
      number: 4, key: Array(1...25), data: .init(repeating: 0xcd, count: 50),
      mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    Case(
      number: 5, key: .init(repeating: 0x0c, count: 20), data: Array("Test With Truncation".utf8),
      mac: "a3b6167473100ee06e0c796c2955552b"),
    Case(
      number: 6, key: longKey,
      data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    Case(
      number: 7, key: longKey,
      data: Array(
        ("This is a test using a larger than block-size key and a larger than block-size data. "
          + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
      mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
  ]

  @Test(arguments: cases)
  func rfc4231(_ test: Case) {
    let mac = Hex.encode(HMACSHA256.authenticate(test.data, key: test.key))
    #expect(mac.hasPrefix(test.mac))
    #expect(mac.count == 64)
  }

  @Test func appSecretProofIsHexHMACOfTheTokenKeyedWithTheSecret() {
    #expect(
      AppSecretProof.make(accessToken: "EAAtoken", appSecret: "appsecret")
        == "b15e563de2a106036cef7807b362777b33c08f4b1fb1251b4a3f5a9eeca7c277")
    #expect(
      HMACSHA256.hex("EAAtoken", key: "appsecret")
        == AppSecretProof.make(accessToken: "EAAtoken", appSecret: "appsecret"))
  }
}
