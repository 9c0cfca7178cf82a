import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// An app id is public: sent as a wrong `client_secret` (a public recording of a client's
/// tests: `client_id=GetG5&client_secret=APPID`), it stays readable wherever it is, while the
/// app's real secret in the same file is redacted everywhere (issue 42).
@Suite struct AppIDRedactionTests {
  static func step(
    _ query: String, _ status: Int, _ body: String, path: String = "oauth/access_token"
  )
    -> Interaction
  {
    Interaction(
      request: get("https://graph.facebook.com/\(path)?\(query)"),
      response: HTTPResponse(status: status, body: Array(body.utf8)), recordedAt: "")
  }

  /// The app's id, its real secret, and its token's part after `APPID|`.
  static let (appID, secret, tokenTail) = (
    "121500000000833", "b0d3000000000000000000000000ed4f", "EzolJusCGWQEJt_mnLvlo7Jiz_Q"
  )

  /// That shape: the exchange that shows the app's id, its token's read, then the real secret
  /// sent where an id goes, and the id sent as a secret.
  static var cassette: Cassette {
    var cassette = Cassette()
    cassette.interactions = [
      step(
        "client_id=\(appID)&client_secret=\(secret)&grant_type=client_credentials", 200,
        "access_token=\(appID)|\(tokenTail)"),
      step("access_token=\(appID)%7C\(tokenTail)", 200, #"{"data":[]}"#, path: "GetG5/posts"),
      step("client_id=\(secret)&client_secret=x&grant_type=client_credentials", 500, "{}"),
      step("client_id=GetG5&client_secret=\(appID)&grant_type=client_credentials", 500, "{}"),
    ]
    return cassette
  }

  @Test func anAppIDSentAsASecretStaysReadableAndTheSecretGoes() throws {
    var cassette = Self.cassette
    var redactor = Redactor()
    redactor.redact(&cassette)
    let urls = cassette.interactions.map(\.request.url)
    #expect(urls[0].contains("client_id=\(Self.appID)&client_secret=<APP_SECRET_1>"))
    #expect(urls[3].contains("client_id=GetG5&client_secret=\(Self.appID)&"))
    #expect(urls[2].contains("client_id=<APP_SECRET_1>&"))
    let bytes = JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(cassette))
    let file = String(decoding: bytes, as: UTF8.self)
    #expect(!file.contains(Self.secret))
    #expect(!file.contains(Self.tokenTail))
    #expect(file.contains("<APP_ACCESS_TOKEN_1>"))
    var audit = Redactor()
    let shown = SecretFinding.mask(Self.appID)
    #expect(!audit.findings(in: Self.cassette).contains { $0.preview == shown })
  }

  /// The order does not matter in a whole file: the id sent as a secret first, the exchange
  /// that shows it after.
  @Test func theExchangeMayComeAfter() throws {
    var cassette = Self.cassette
    cassette.interactions.reverse()
    var redactor = Redactor()
    redactor.redact(&cassette)
    #expect(cassette.interactions[0].request.url.contains("client_secret=\(Self.appID)&"))
  }

  /// A value no exchange showed to be an app's id is a secret where it is sent as one.
  @Test func aSecretNoExchangeShowsIsRedacted() {
    var redactor = Redactor()
    let out = redactor.redact(
      Self.step("client_id=GetG5&client_secret=121500000000834", 500, "{}"))
    #expect(out.request.url.hasSuffix("client_secret=<APP_SECRET_1>"))
  }
}
