import Foundation
import GraphAPI
import Testing

@testable import GraphCassette

/// `verify --secret`: placeholders are put back in every part of a request, also in a
/// multipart body whose file part is binary (not UTF-8).
@Suite struct VerifierSubstitutionTests {
  /// Answers `{}` and keeps the bodies it was sent.
  final class BodyCapture: GraphTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [[UInt8]] = []
    var bodies: [[UInt8]] { lock.withLock { kept } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      lock.withLock { kept.append(request.body) }
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
    }
  }

  @Test func aBinaryMultipartBodyGetsTheSecretBack() async throws {
    let token = "MULTIPARTTOKEN77"
    let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
    var body = Array("--\(boundary)\r\n".utf8)
    body += Array(
      "Content-Disposition: form-data; name=\"source\"; filename=\"p.jpg\"\r\n".utf8)
    body += Array("Content-Type: image/jpeg\r\n\r\n".utf8) + [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x80]
    body += Array("\r\n--\(boundary)\r\n".utf8)
    body += Array("Content-Disposition: form-data; name=\"access_token\"\r\n\r\n\(token)".utf8)
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    let upload = HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/v2.0/me/photos",
      headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
    let dir = TempDir()
    defer { dir.remove() }
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: dir.file("m.json"), mode: .all)
    _ = try await recorder.send(upload)
    let capture = BodyCapture()
    _ = await CassetteVerifier(target: capture, substitutions: ["<ACCESS_TOKEN_1>": token])
      .verify(recorder.currentCassette)
    let sent = try #require(capture.bodies.first)
    #expect(!ByteSearch.occurrences(of: Array(token.utf8), in: sent).isEmpty)
    #expect(ByteSearch.occurrences(of: Array("<ACCESS_TOKEN_1>".utf8), in: sent).isEmpty)
    #expect(!ByteSearch.occurrences(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x80], in: sent).isEmpty)
  }
}
