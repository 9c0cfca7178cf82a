import GraphAPI
import Testing

@testable import GraphCassette

/// Load errors quote the field they refuse, and the secret in it was printed (issue 44: a
/// relative URL or a method holding a raw token, in import, verify, doctor and world); and a
/// secret written in angle brackets was not seen at all.
@Suite struct LoadErrorSecretTests {
  static let token = "EAABsecretsecretsecret0123456789ABCDEFabcdef"
  static let hex = "0123456789abcdef0123456789abcdef"

  static func native(method: String, url: String) -> [UInt8] {
    Array(
      """
      {"graph_explorer_cassette": 1, "interactions": [{"request": {"method": "\(method)", \
      "url": "\(url)", "headers": {}}, "response": {"status": 200, "headers": {}}}]}
      """.utf8)
  }

  @Test(arguments: [
    ("GET", "me?access_token=\(token)"),
    ("GET access_token=\(token)", "https://graph.facebook.com/me"),
  ])
  func aRefusedFieldIsQuotedWithoutItsSecret(method: String, url: String) throws {
    let bytes = Self.native(method: method, url: url)
    var messages: [String] = []
    do { _ = try Cassette(bytes: bytes) } catch { messages.append("\(error)") }
    do { _ = try Interchange.read(bytes, path: "c.json") } catch { messages.append("\(error)") }
    #expect(messages.count == 2)
    for message in messages {
      #expect(!message.contains(Self.token), "\(message)")
      #expect(!message.contains("secretsecret"), "\(message)")
    }
  }

  @Test func aHARLoadErrorIsQuotedWithoutItsSecret() {
    let har = """
      {"log": {"version": "1.2", "creator": {"name": "x"}, "entries": [{"request": \
      {"method": "GET", "url": "me?access_token=\(Self.token)", "headers": []}, "response": \
      {"status": 200, "headers": [], "content": {"text": ""}}}]}}
      """
    #expect {
      try Interchange.read(Array(har.utf8), path: "s.har")
    } throws: { error in
      !"\(error)".contains(Self.token) && "\(error)".contains("<redacted>")
    }
  }

  @Test(arguments: ["%3C\(hex)%3E", "<\(hex)>", "%253C\(hex)%253E"])
  func aSecretInAngleBracketsIsFoundAndReplaced(written: String) throws {
    let url = "https://graph.facebook.com/oauth/access_token?client_id=1&client_secret=\(written)"
    let bytes = Self.native(method: "GET", url: url)
    let (cassette, _) = try Interchange.read(bytes, path: "c.json")
    let found = SecretFinder.secrets(in: cassette.interactions[0].request)
    #expect(found.contains { $0.kind == .appSecret && $0.value.contains(Self.hex) }, "\(found)")
    let imported = try Interchange.importCassette(bytes, path: "c.json").cassette
    #expect(!imported.interactions[0].request.url.contains(Self.hex))
    #expect(!String(decoding: imported.encoded(), as: UTF8.self).contains(Self.hex))
  }

  @Test func aPlaceholderInAngleBracketsIsStillOne() throws {
    let url = "https://graph.facebook.com/oauth/access_token?client_id=1&client_secret=<APP_SECRET>"
    let (cassette, _) = try Interchange.read(Self.native(method: "GET", url: url), path: "c.json")
    #expect(SecretFinder.secrets(in: cassette.interactions[0].request).isEmpty)
    #expect(SecretScanner.secrets(in: Array("client_secret=<redacted>&code=<CODE>".utf8)).isEmpty)
  }
}
