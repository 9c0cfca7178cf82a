import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Profile pictures and photo bytes served by the emulator itself (for `serve`).
@Suite struct PictureBytesTests {
  static let local = "http://127.0.0.1:4567"

  @Test func checksumsMatchTheirStandardCheckValues() {
    #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
  }

  @Test func storedBlocksSplitAt65535Bytes() {
    let data = [UInt8](repeating: 7, count: 70_000)
    let zlib = PNGEncoder.zlibStored(data)
    #expect(zlib.count == 2 + 5 + 65_535 + 5 + (70_000 - 65_535) + 4)
    #expect(zlib[2] == 0, "the first block is not the last")
    #expect(zlib[2 + 5 + 65_535] == 1, "the second block is")
  }

  @Test func inProcessKeepsCDNURLs() {
    let emulator = GraphEmulator()
    let answer = call(emulator, "v2.2/me/picture")
    #expect(answer.status == 302)
    #expect(answer.headers["Location"]?.hasPrefix("https://fbcdn-profile-a.akamaihd.net/") == true)
  }

  @Test func servedPicturesPointAtTheServerAndAnswerAPNG() throws {
    let emulator = GraphEmulator()
    let answer = call(emulator, "v2.2/me/picture?type=normal", base: Self.local)
    let location = try #require(answer.headers["Location"])
    #expect(location == Self.local + "/_emulator/picture/100001000000001?width=100&height=0")
    let field = call(emulator, "v2.2/me?fields=picture.width(40).height(30)", base: Self.local)
    #expect(
      field.json?["picture"]?["data"]?["url"]
        == .string(Self.local + "/_emulator/picture/100001000000001?width=40&height=30"))
    let request = HTTPRequest(method: "GET", url: location)
    let image = emulator.answer(request)
    #expect(image.status == 200)
    #expect(image.headers["Content-Type"] == "image/png")
    #expect(Array(image.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: width and height big-endian after the signature, length and type.
    #expect(Array(image.body[16..<24]) == [0, 0, 0, 100, 0, 0, 0, 100])
    #expect(emulator.answer(request).body == image.body, "deterministic")
    let bob = emulator.answer(
      HTTPRequest(method: "GET", url: Self.local + "/_emulator/picture/100001000000002?width=100"))
    #expect(bob.body != image.body, "a picture per person")
    let missing = emulator.answer(
      HTTPRequest(method: "GET", url: Self.local + "/_emulator/picture/nobody"))
    #expect(missing.status == 400)
  }

  @Test func hugeSizesAreCapped() {
    let png = PictureBytes.png(id: "1", width: 100_000, height: 100_000, silhouette: false)
    #expect(Array(png[16..<24]) == [0, 0, 2, 208, 0, 0, 2, 208], "720 x 720")
  }
}
