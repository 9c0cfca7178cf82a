import GraphAPI
import GraphEmulator
import Testing

@Suite("PictureCDN") struct PictureCDNTests {
  @Test func theEmulatorsCDNPictureURLsReadBackToItsOwnPicturePaths() throws {
    let base = "https://fbcdn-profile-a.akamaihd.net/hprofile-ak-xpa1/v/t1.0-1/"
    #expect(
      PictureCDN.emulatorPath(for: base + "p50x50/100001000000001_n.jpg")
        == "/_emulator/picture/100001000000001?width=50&height=50")
    #expect(
      PictureCDN.emulatorPath(for: base + "s100x400/100001000000001_n.jpg")
        == "/_emulator/picture/100001000000001?width=100&height=0")
    for other in [
      base + "p50x50/alice_n.jpg", base + "q50x50/1_n.jpg", base + "p50/1_n.jpg",
      "https://example.com/hprofile-ak-xpa1/v/t1.0-1/p50x50/1_n.jpg",
      "https://fbstatic-a.akamaihd.net/rsrc.php/v2/yo/r/UlIqmHJn-SK.gif",
    ] {
      #expect(PictureCDN.emulatorPath(for: other) == nil, "\(other)")
    }
  }

  @Test func theURLThePictureRedirectNamesIsAnsweredWithAPNG() throws {
    let emulator = GraphEmulator(world: .default)
    let redirect = try emulator.answerNow(
      HTTPRequest(
        method: "GET",
        url: "https://graph.facebook.com/v2.2/me/picture?type=large&access_token=CAAEmuAlice"))
    #expect(redirect.status == 302)
    let location = try #require(redirect.headers["Location"])
    let path = try #require(PictureCDN.emulatorPath(for: location))
    let picture = try emulator.answerNow(
      HTTPRequest(method: "GET", url: "https://graph.facebook.com" + path))
    #expect(picture.status == 200)
    #expect(picture.headers["Content-Type"] == "image/png")
    #expect(Array(picture.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }
}
