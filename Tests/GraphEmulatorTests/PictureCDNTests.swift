import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@Suite("PictureCDN") struct PictureCDNTests {
  static func json(_ response: HTTPResponse) -> JSONValue? { try? JSONParser.parse(response.body) }

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

  /// Issue 43: an uploaded photo's CDN `source` (and its `picture`) is answered with the bytes
  /// uploaded, as `serve` answers its own `/_emulator/photo/<id>`; it was 104 through the proxy.
  @Test func anUploadedPhotosCDNSourceAnswersItsBytes() throws {
    let emulator = GraphEmulator(world: .default)
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]
    let form = MultipartFormData(parts: [
      .init(name: "access_token", body: Array("CAAEmuAlicePublish".utf8)),
      .init(name: "source", filename: "p.jpg", contentType: "image/jpeg", body: jpeg),
    ])
    let upload = try emulator.answerNow(
      HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/v2.2/me/photos",
        headers: ["Content-Type": form.contentType], body: form.encoded()))
    let id = try #require(Self.json(upload)?["id"]?.stringValue, "\(upload.bodyText)")
    let read = try emulator.answerNow(
      HTTPRequest(
        method: "GET",
        url: "https://graph.facebook.com/v2.2/\(id)?fields=source,picture&access_token=CAAEmuAlice")
    )
    for field in ["source", "picture"] {
      let url = try #require(Self.json(read)?[field]?.stringValue)
      #expect(url.hasPrefix("https://fbcdn-"), "\(url)")
      let bytes = try emulator.answerNow(HTTPRequest(method: "GET", url: url))
      #expect(bytes.status == 200, "\(url): \(bytes.bodyText)")
      #expect(bytes.body == jpeg)
    }
    #expect(PictureCDN.emulatorPath(for: "https://fbcdn-sphotos-a-a.akamaihd.net/x/y_o.jpg") == nil)
  }

  /// Issue 43: `proxy --record --upstream <serve>` tells the upstream the address the app asked
  /// (X-Forwarded-Proto, X-Forwarded-Host): its answers name Facebook's hosts, not its own
  /// loopback address, and its dialog takes the web view's Origin.
  @Test func aForwardedAddressIsAnsweredAsThatHost() throws {
    let emulator = GraphEmulator(world: .default)
    let picture = "http://127.0.0.1:9/v2.2/me/picture?access_token=CAAEmuAlice"
    let local = try emulator.answerNow(HTTPRequest(method: "GET", url: picture))
    #expect(local.headers["Location"]?.hasPrefix("http://127.0.0.1:9/_emulator/picture/") == true)
    let forwarded = try emulator.answerNow(
      HTTPRequest(
        method: "GET", url: picture,
        headers: ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "graph.facebook.com"]))
    #expect(
      forwarded.headers["Location"]?.hasPrefix("https://fbcdn-profile-a.akamaihd.net/") == true,
      "\(forwarded.headers)")
    let friends = try emulator.answerNow(
      HTTPRequest(
        method: "GET", url: "http://127.0.0.1:9/v2.2/me/friends?limit=1&access_token=CAAEmuAlice",
        headers: ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "graph.facebook.com"]))
    let next = try #require(Self.json(friends)?["paging"]?["next"]?.stringValue)
    #expect(next.hasPrefix("https://graph.facebook.com/v2.2/"), "\(next)")
    // Only a scheme and a plain host[:port] are taken; anything else is ignored.
    for (scheme, host) in [("ftp", "graph.facebook.com"), ("https", "a b"), ("https", "a/b")] {
      let odd = try emulator.answerNow(
        HTTPRequest(
          method: "GET", url: picture,
          headers: ["X-Forwarded-Proto": scheme, "X-Forwarded-Host": host]))
      #expect(odd.headers["Location"]?.hasPrefix("http://127.0.0.1:9/") == true, "\(host)")
    }
  }
}
