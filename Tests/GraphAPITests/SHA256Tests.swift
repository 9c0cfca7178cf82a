import GraphAPI
import Testing

@Suite struct SHA256Tests {
  /// FIPS 180-2, appendix B, plus the empty message.
  @Test(arguments: [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
  ])
  func fipsVectors(message: String, digest: String) {
    #expect(Hex.encode(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func oneMillionAs() {
    var hasher = SHA256()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hasher.update(chunk) }
    #expect(
      Hex.encode(hasher.finalize())
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths around the 55/56/64-byte padding edges give the same digest fed whole or byte by byte.
  @Test(arguments: [55, 56, 57, 63, 64, 65, 119, 120, 128])
  func paddingEdgesAreIncremental(length: Int) {
    let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    var bytewise = SHA256()
    for b in message { bytewise.update([b]) }
    #expect(bytewise.finalize() == SHA256.hash(message))
  }

  @Test func knownPaddingEdgeDigest() {
    // 56 'a's: the length no longer fits in the first block.
    #expect(
      Hex.encode(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 56)))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
  }

  @Test func hexRoundTrip() {
    #expect(Hex.decode("00ffA0") == [0, 255, 160])
    #expect(Hex.decode("abc") == nil)
    #expect(Hex.decode("zz") == nil)
    #expect(Hex.encode([0, 255, 160]) == "00ffa0")
  }
}
