import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// An upload is served back inert (issue 31): only as the image type its bytes show, with
/// `nosniff` and a sandboxing CSP; the dialogs' pages cannot be framed or run script.
@Suite struct InertUploadTests {
  static let local = "http://127.0.0.1:4567"

  /// Uploads `bytes` declared as `type` through the served origin and reads it back.
  func uploadAndFetch(_ bytes: [UInt8], declared type: String) throws -> HTTPResponse {
    let emulator = GraphEmulator()
    let form = MultipartFormData(
      parameters: QueryItems([.init(name: "access_token", value: "CAAEmuAlicePublish")]),
      uploads: [GraphUpload(name: "source", filename: "x", contentType: type, bytes: bytes)])
    let posted = emulator.answer(
      HTTPRequest(
        method: "POST", url: Self.local + "/me/photos",
        headers: ["Content-Type": form.contentType], body: form.encoded()))
    let id = try #require(JSONParser.parse(posted.bodyText)["id"]?.stringValue)
    let source = try #require(
      JSONParser.parse(
        emulator.answer(
          HTTPRequest(url: Self.local + "/\(id)?fields=source&access_token=CAAEmuAlice")
        ).bodyText)["source"]?.stringValue)
    #expect(source.hasPrefix(Self.local + "/_emulator/photo/"))
    return emulator.answer(HTTPRequest(url: source))
  }

  @Test(arguments: [
    ("text/html", "<html><script>alert(document.domain)</script></html>"),
    ("image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>"),
    ("image/jpeg", "<script>alert(1)</script>"),
  ])
  func markupIsServedAsAnOpaqueDownload(type: String, body: String) throws {
    let answer = try uploadAndFetch(Array(body.utf8), declared: type)
    #expect(answer.status == 200)
    #expect(answer.headers["Content-Type"] == "application/octet-stream")
    #expect(answer.headers["Content-Disposition"] == "attachment")
    #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
    #expect(answer.headers["Content-Security-Policy"]?.contains("sandbox") == true)
    #expect(answer.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
  }

  @Test(
    arguments: [
      ([0xFF, 0xD8, 0xFF, 0xE0], "image/jpeg"),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "image/png"),
      (Array("GIF89a..".utf8), "image/gif"),
      (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "image/webp"),
    ] as [([UInt8], String)])
  func imagesAreServedAsTheTypeTheirBytesShow(bytes: [UInt8], type: String) throws {
    let answer = try uploadAndFetch(bytes, declared: "text/html")
    #expect(answer.headers["Content-Type"] == type)
    #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
    #expect(answer.headers["Content-Disposition"] == nil)
  }

  @Test func dialogPagesCannotBeFramedOrRunScript() {
    let page = call(
      GraphEmulator(),
      "http://127.0.0.1:4567/dialog/oauth?client_id=\(OAuthTokenTests.app)&redirect_uri=fbconnect://success",
      token: nil)
    #expect(page.headers["X-Frame-Options"] == "DENY")
    let policy = page.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'"))
    #expect(!policy.contains("script-src"))
    #expect(page.headers["X-Content-Type-Options"] == "nosniff")
    #expect(page.headers["Access-Control-Allow-Origin"] == nil, "other sites cannot read it")
  }
}
