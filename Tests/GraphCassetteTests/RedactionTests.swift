import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct RedactionTests {
  static let token = "EAABtokenSECRET+/=|x42"
  static let otherToken = "CAAC2ndTokenValue777"
  static let appSecret = "f00dfacecafe1234beef"
  static let proof = "9b1f0c55aa7d3e1d0b8e2c4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b"

  /// Every form the secrets' bytes could take in a file.
  static func forms(of secret: String) -> [String] {
    let once = PercentEncoding.encode(secret)
    let json = JSONValue.string(secret).compactText.dropFirst().dropLast()
    return [
      secret, once, PercentEncoding.encode(secret, allowed: PercentEncoding.queryValueAllowed),
      PercentEncoding.encode(once), once.lowercased(), String(json),
      secret.replacingAll("/", with: "\\/"),
    ]
  }

  @Test func knownTokenAndAppSecretAppearNowhereInTheFile() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("secrets.json")
    let graph = FakeGraph()
    let recorder = try CassetteRecorder(
      wrapping: graph, file: file, mode: .all, knownSecrets: [.appSecret(Self.appSecret)])
    let t = PercentEncoding.encode(Self.token)
    let batch = JSONValue.array([
      ["method": "GET", "relative_url": .string("me?access_token=\(t)")],
      [
        "method": "POST", "relative_url": "me/feed",
        "body": .string("message=hi&access_token=\(t)"),
      ],
    ]).compactText
    let multipartBody =
      "--XyZ\r\nContent-Disposition: form-data; name=\"access_token\"\r\n\r\n\(Self.token)\r\n"
      + "--XyZ\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nhi\r\n--XyZ--\r\n"
    let requests: [HTTPRequest] = [
      get("https://graph.facebook.com/v2.0/me?access_token=\(t)&appsecret_proof=\(Self.proof)"),
      get("https://graph.facebook.com/v2.0/me/friends?access_token=\(t)"),
      get(
        "https://graph.facebook.com/v2.0/me",
        headers: ["Authorization": "Bearer \(Self.otherToken)"]),
      post(
        "https://graph.facebook.com/",
        form: "access_token=\(t)&batch=" + PercentEncoding.encode(batch)),
      post(
        "https://graph.facebook.com/oauth/access_token",
        form: "client_id=77&client_secret=\(Self.appSecret)&fb_exchange_token=\(t)"),
      get(
        "https://graph.facebook.com/debug_token?input_token=\(t)&access_token=77%7C\(Self.appSecret)"
      ),
      get("https://graph.facebook.com/77/test_users?access_token=77|\(Self.appSecret)"),
      HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/me/feed",
        headers: ["Content-Type": "multipart/form-data; boundary=XyZ"],
        body: Array(multipartBody.utf8)),
    ]
    var live: [HTTPResponse] = []
    for request in requests { live.append(try await recorder.send(request)) }

    let text = String(decoding: try FileIO.read(path: file), as: UTF8.self)
    for secret in [Self.token, Self.otherToken, Self.appSecret, Self.proof, "TESTUSERTOKEN1234567"]
    {
      for form in Self.forms(of: secret) {
        #expect(!text.contains(form), "\(form) leaked")
      }
    }
    #expect(text.contains("<ACCESS_TOKEN_1>"))
    #expect(text.contains("\"Bearer <ACCESS_TOKEN_"))
    #expect(!text.contains("\"Bearer <ACCESS_TOKEN_1>"))
    #expect(text.contains("<APP_SECRET_1>"))
    #expect(text.contains("<APPSECRET_PROOF_1>"))
    // On disk only: the live answer still carries the real token in the paging URL.
    #expect(live[1].bodyText.contains(t) || live[1].bodyText.contains(Self.token))
    // And the cassette still loads.
    #expect(try Cassette.load(path: file).interactions.count == requests.count)
  }

  @Test func placeholdersAreStablePerSecret() {
    var redactor = Redactor()
    func redacted(_ url: String) -> String {
      redactor.redact(
        Interaction(request: get(url), response: HTTPResponse(status: 200), recordedAt: "")
      ).request.url
    }
    #expect(
      redacted("https://g/me?access_token=AAAAAAAA1")
        == "https://g/me?access_token=<ACCESS_TOKEN_1>")
    #expect(
      redacted("https://g/me?access_token=BBBBBBBB2")
        == "https://g/me?access_token=<ACCESS_TOKEN_2>")
    #expect(
      redacted("https://g/x?input_token=AAAAAAAA1&access_token=BBBBBBBB2")
        == "https://g/x?input_token=<ACCESS_TOKEN_1>&access_token=<ACCESS_TOKEN_2>")
    #expect(
      redacted("https://g/me?access_token=ab") == "https://g/me?access_token=<ACCESS_TOKEN_3>")
    #expect(redacted("https://g/me?fields=id") == "https://g/me?fields=id")
  }

  @Test func newEpisodesContinuesNumbering() throws {
    var cassette = Cassette()
    cassette.interactions.append(
      Interaction(
        request: get("https://g/me?access_token=<ACCESS_TOKEN_4>"),
        response: HTTPResponse(status: 200), recordedAt: ""))
    var redactor = Redactor()
    redactor.reservePlaceholders(in: cassette)
    let out = redactor.redact(
      Interaction(
        request: get("https://g/me?access_token=NEWTOKEN99"), response: HTTPResponse(status: 200),
        recordedAt: ""))
    #expect(out.request.url.hasSuffix("<ACCESS_TOKEN_5>"))
  }
}

@Suite struct PublicValueTests {
  @Test func publicValuesStayButRealSecretsGo() {
    var redactor = Redactor(publicValues: ["CAAEmuAlice", "123|EmuAppToken"])
    let out = redactor.redact(
      Interaction(
        request: get(
          "https://g/me?access_token=CAAEmuAlice&appsecret_proof=abcdef123456&x=123%7CEmuAppToken"),
        response: HTTPResponse(status: 200), recordedAt: ""))
    #expect(
      out.request.url
        == "https://g/me?access_token=CAAEmuAlice&appsecret_proof=<APPSECRET_PROOF_1>&x=123%7CEmuAppToken"
    )
  }
}

@Suite struct CleanHeaderMemoTests {
  /// A header field found to hold no secret is remembered and not read again; one that holds
  /// a secret is never remembered, so the same secret in a later interaction is still found.
  @Test func cleanFieldsAreRememberedSecretFieldsNever() {
    var memo = SecretFinder.CleanHeaders()
    let headers: HTTPHeaders = [
      // With a `=`: a value that cannot hold a secret by its bytes is not kept at all
      // (`ShortHeaderSkipTests`).
      "Content-Type": "application/json; charset=UTF-8",
      "X-Access-Token": "EAABheaderToken1234567890abcdefgh",
      "Authorization": "OAuth EAABauthToken1234567890abcdefghij",
      "X-Note": "token=EAABinNoteToken1234567890abcdefgh",
    ]
    var found: [Secret] = []
    SecretFinder.inHeaders(headers, into: &found, memo: &memo)
    #expect(memo.fields == [.init(name: "Content-Type", value: "application/json; charset=UTF-8")])
    var again: [Secret] = []
    SecretFinder.inHeaders(headers, into: &again, memo: &memo)
    #expect(again == found)
    var unmemoised: [Secret] = []
    SecretFinder.inHeaders(headers, into: &unmemoised)
    #expect(unmemoised == found)
    for value in [
      "EAABheaderToken1234567890abcdefgh", "EAABauthToken1234567890abcdefghij",
      "EAABinNoteToken1234567890abcdefgh",
    ] {
      #expect(found.contains { $0.value == value })
    }
  }

  /// A field equal to the clean one at its position last time is skipped; a field whose value
  /// changed at that position, or a secret that moved to a clean field's position, is read
  /// again, and the request's and the response's lists are kept apart.
  @Test func fieldsKnownByPositionAreOnlyTheCleanOnes() {
    var memo = SecretFinder.CleanHeaders()
    let token = "EAABpositionToken1234567890abcdefgh"
    var found: [Secret] = []
    SecretFinder.inHeaders(
      ["X-Trace": "abc", "X-Note": "n"], into: &found, memo: &memo, side: .response)
    #expect(found.isEmpty)
    #expect(
      memo.last[1] == [.init(name: "X-Trace", value: "abc"), .init(name: "X-Note", value: "n")])
    SecretFinder.inHeaders(
      ["X-Trace": "abc", "X-Note": "token=\(token)"], into: &found, memo: &memo, side: .response)
    #expect(found.map(\.value) == [token])
    #expect(memo.last[1] == [.init(name: "X-Trace", value: "abc"), nil])
    found = []
    SecretFinder.inHeaders(
      ["X-Access-Token": token, "X-Note": "n"], into: &found, memo: &memo, side: .response)
    #expect(!found.isEmpty && found.allSatisfy { $0.value == token })
    found = []
    SecretFinder.inHeaders(["X-Note": "token=\(token)"], into: &found, memo: &memo, side: .request)
    #expect(found.map(\.value) == [token])
    #expect(memo.last[1].count == 2)
  }

  /// The list by position is updated in place: a shorter list after a longer one keeps only
  /// its own positions, a longer one adds its own, and a field that held a secret is read
  /// again each time it comes back.
  @Test func fieldsByPositionFollowTheListsLength() {
    var memo = SecretFinder.CleanHeaders()
    let token = "EAABlengthToken1234567890abcdefghij"
    var found: [Secret] = []
    SecretFinder.inHeaders(["A": "1", "B": "2", "C": "3"], into: &found, memo: &memo)
    #expect(memo.last[0].count == 3)
    SecretFinder.inHeaders(["A": "1"], into: &found, memo: &memo)
    #expect(memo.last[0] == [.init(name: "A", value: "1")])
    SecretFinder.inHeaders(["A": "1", "X-Access-Token": token], into: &found, memo: &memo)
    #expect(memo.last[0] == [.init(name: "A", value: "1"), nil])
    let once = found.count
    #expect(once > 0 && found.allSatisfy { $0.value == token })
    SecretFinder.inHeaders(["A": "1", "X-Access-Token": token], into: &found, memo: &memo)
    #expect(found.count == 2 * once && found.allSatisfy { $0.value == token })
  }

  /// A redactor learning the same headers again still replaces a secret met first in a clean
  /// field's place under another name.
  @Test func redactorStillReplacesSecretsAfterCleanHeaders() {
    var redactor = Redactor()
    let plain = Interaction(
      request: get("https://g/me", headers: ["X-Trace": "abc"]),
      response: HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"]), recordedAt: "")
    _ = redactor.redact(plain)
    let token = "EAABsecondLookToken1234567890abcdef"
    let secret = Interaction(
      request: get(
        "https://g/me", headers: ["X-Trace": "abc", "Authorization": "Bearer \(token)"]),
      response: HTTPResponse(
        status: 200, headers: ["Content-Type": "text/plain", "X-Echo": token]), recordedAt: "")
    let out = redactor.redact(secret)
    let placeholder = redactor.placeholder(for: token)
    #expect(placeholder != nil)
    #expect(out.request.headers["Authorization"] == "Bearer \(placeholder ?? "?")")
    #expect(out.response.headers["X-Echo"] == placeholder)
    #expect(out.request.headers["X-Trace"] == "abc")
  }
}
