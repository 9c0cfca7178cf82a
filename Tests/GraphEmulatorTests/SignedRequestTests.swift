import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The JavaScript SDK's signed request from the login dialog (issue 26): signed with the app
/// secret, and its code exchanged with an empty `redirect_uri`.
@Suite struct SignedRequestTests {
  static let app = "233936543368280"
  static let secret = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"

  @Test func base64URLHasNoPaddingAndTheURLAlphabet() {
    #expect(Base64URL.encode(Array("".utf8)) == "")
    #expect(Base64URL.encode(Array("f".utf8)) == "Zg")
    #expect(Base64URL.encode(Array("fo".utf8)) == "Zm8")
    #expect(Base64URL.encode(Array("foo".utf8)) == "Zm9v")
    #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
  }

  @Test func theDialogSignsACodeForAnEmptyRedirect() throws {
    let emulator = GraphEmulator()
    let answer = submitOAuthDialog(
      emulator,
      [
        ("client_id", Self.app), ("redirect_uri", "http://localhost:8000/"),
        ("response_type", "token,signed_request"), ("person", "100001000000002"),
      ])
    #expect(answer.status == 302)
    let location = try #require(answer.headers["Location"])
    let fragment = try #require(location.split(separator: "#", maxSplits: 1).last)
    let items = QueryItems(parsing: String(fragment))
    #expect(items["access_token"] != nil)
    let signed = try #require(items["signed_request"])
    let parts = signed.split(separator: ".").map(String.init)
    #expect(parts.count == 2)
    let expected = Base64URL.encode(
      HMACSHA256.authenticate(Array(parts[1].utf8), key: Array(Self.secret.utf8)))
    #expect(parts[0] == expected, "signed with the app secret")
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let payload = try JSONParser.parse(Array(try #require(Data(base64Encoded: base64))))
    #expect(payload["algorithm"]?.stringValue == "HMAC-SHA256")
    #expect(payload["user_id"]?.stringValue == "100001000000002")
    let code = try #require(payload["code"]?.stringValue)
    // The code exchanges with an empty redirect_uri, once.
    let exchange =
      "v24.0/oauth/access_token?client_id=\(Self.app)&client_secret=\(Self.secret)&redirect_uri=&code=\(code)"
    let token = call(emulator, exchange, token: nil)
    #expect(token.status == 200, "\(token.text)")
    #expect(token.json?["access_token"]?.stringValue != nil)
    let again = call(emulator, exchange, token: nil)
    #expect(again.status == 400)
  }
}
