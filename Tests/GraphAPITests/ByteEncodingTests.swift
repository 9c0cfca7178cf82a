import Foundation
import Testing

@testable import GraphAPI

@Test func byteSetHoldsExactlyItsBytesAcrossBothHalves() {
  let set = ByteSet(bytes: [0, 63, 64, 127, 128, 200, 255])
  for byte in UInt8.min...UInt8.max {
    #expect(set.contains(byte) == [0, 63, 64, 127, 128, 200, 255].contains(byte))
  }
  #expect(ByteSet("az") == ByteSet(bytes: [0x61, 0x7A]))
}

@Test func percentEncodingKeepsAllowedBytesAndEscapesTheRest() {
  #expect(PercentEncoding.encode("a b/é") == "a%20b%2F%C3%A9")
  #expect(PercentEncoding.encode("plain-text_1.0~") == "plain-text_1.0~")
  #expect(
    PercentEncoding.encode("id,name{a}", allowed: PercentEncoding.queryValueAllowed) == "id,name{a}"
  )
  var out = "x="
  PercentEncoding.append("&=", allowed: PercentEncoding.formValueAllowed, to: &out)
  #expect(out == "x=%26%3D")
}

@Test func standardBase64MatchesFoundationUnpadded() {
  var seed: UInt64 = 0x9E37_79B9
  for length in 0..<200 {
    var bytes: [UInt8] = []
    for _ in 0..<length {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: seed >> 33))
    }
    var expected = Data(bytes).base64EncodedString()
    while expected.hasSuffix("=") { expected.removeLast() }
    #expect(Base64URL.encodeStandard(bytes) == expected)
  }
}
