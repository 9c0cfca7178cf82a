import GraphAPI
import GraphJSON

/// A synthetic vcrpy JSON cassette that hides secrets in every place real traffic and real
/// fixtures put them, for the redaction and `audit` tests. No value in it is a real secret.
public enum SecretHidingCassette {
  /// One hidden secret: its value, the interaction (from 1) and the field it is hidden in.
  public struct Hidden: Sendable {
    public var value: String
    public var interaction: Int
    public var place: String
    public var how: String
  }

  /// A user token of the `EAA…` shape, numbered.
  public static func token(_ n: Int) -> String {
    "EAAGsynthetic\(n)Zq9XvB7kLmN2pQ4rS6tU8wY0aC3eF5hJ\(n)"
  }

  public static let appID = "424242424242"
  public static let appSecret = "0badc0ffee0ddba11f00dfacade51234"
  public static var appToken: String { "\(appID)|\(appSecret)" }
  public static let code = "AQDsyntheticOAuthCodeValue0123456789"
  public static let signedRequest =
    "vlXgu64BQGFSQrY0ZcJBZASMvYvTHu9GQ0YM9rjPSso.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsIjAiOiJwYXlsb2FkIn0"
  public static let proof = "3f1c9a7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a"

  /// Every byte of `text` percent-encoded, in `upper` or lower hex.
  public static func fullyEncoded(_ text: String, upper: Bool = true) -> String {
    text.utf8.map { b -> String in
      let hex = String(b, radix: 16, uppercase: upper)
      return "%" + (hex.count == 1 ? "0" + hex : hex)
    }.joined()
  }

  /// `text` with each byte as a JSON `\u00XX` escape.
  public static func unicodeEscaped(_ text: String) -> String {
    text.utf8.map { b -> String in
      let hex = String(b, radix: 16, uppercase: false)
      return "\\u00" + (hex.count == 1 ? "0" + hex : hex)
    }.joined()
  }

  struct Exchange {
    var method = "GET"
    var uri: String
    var headers: [(String, String)] = []
    var body: String?
    var status = 200
    var responseHeaders: [(String, String)] = [("Content-Type", "application/json")]
    var responseBody = "{}"
  }

  /// The cassette's bytes and what it hides where.
  public static func make() -> (bytes: [UInt8], hidden: [Hidden]) {
    var hidden: [Hidden] = []
    var exchanges: [Exchange] = []
    let g = "https://graph.facebook.com/v2.8"
    func add(_ exchange: Exchange, _ secrets: [(String, String, String)]) {
      exchanges.append(exchange)
      for (value, place, how) in secrets {
        hidden.append(Hidden(value: value, interaction: exchanges.count, place: place, how: how))
      }
    }
    add(
      Exchange(uri: "\(g)/me?fields=id&access_token=\(token(1))"),
      [(token(1), "request.url", "query")])
    add(
      Exchange(uri: "\(g)/me?fields=id;access_token=\(token(2))"),
      [(token(2), "request.url", "query after ;")])
    add(
      Exchange(uri: "\(g)/me?access_token[]=\(token(3))&fields=id"),
      [(token(3), "request.url", "access_token[]")])
    add(
      Exchange(uri: "\(g)/me?fields=id#access_token=\(token(4))&expires_in=5183999"),
      [(token(4), "request.url", "fragment")])
    add(
      Exchange(uri: "\(g)/me?fields=id", headers: [("X-Access-Token", token(5))]),
      [(token(5), "request.headers.X-Access-Token", "header")])
    add(
      Exchange(
        uri: "\(g)/me?fields=id", headers: [("Cookie", "c_user=1; access_token=\(token(6)); x=2")]),
      [(token(6), "request.headers.Cookie", "cookie")])
    add(
      Exchange(uri: "\(g)/\(token(7))/feed"),
      [(token(7), "request.url", "path segment")])
    add(
      Exchange(
        uri: "\(g)/debug_token?input_token=\(fullyEncoded(token(8)))",
        responseBody: #"{"echo":"\#(fullyEncoded(token(8), upper: false))"}"#),
      [
        (token(8), "request.url", "fully percent-encoded query"),
        (token(8), "response.body", "fully percent-encoded echo"),
      ])
    add(
      Exchange(
        method: "POST", uri: "\(g)/oauth/access_token",
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body:
          "client_id=\(appID)&client_secret=\(appSecret)&code=\(code)&redirect_uri=https%3A%2F%2Fexample.com%2F",
        responseHeaders: [("Content-Type", "text/plain")],
        responseBody: "access_token=\(token(9))&expires=5183999"),
      [
        (appSecret, "request.body", "client_secret"), (code, "request.body", "code"),
        (token(9), "response.body", "pre-v2.3 text answer"),
      ])
    add(
      Exchange(
        uri:
          "\(g)/oauth/access_token?client_id=\(appID)&client_secret=\(appSecret)&grant_type=client_credentials",
        responseHeaders: [("Content-Type", "text/plain; charset=UTF-8")],
        responseBody: "access_token=\(appID)|\(appSecret)"),
      [
        (appSecret, "request.url", "client_secret"),
        (appToken, "response.body", "app token in a text answer"),
      ])
    add(
      Exchange(
        method: "POST", uri: "\(g)/oauth/access_token",
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: "grant_type=fb_exchange_token&fb_exchange_token=\(token(10))",
        responseBody: #"{"access_token":"\#(token(11))","token_type":"bearer"}"#),
      [
        (token(10), "request.body", "fb_exchange_token"),
        (token(11), "response.body", "JSON field"),
      ])
    let part =
      "--XyZ\r\nContent-Disposition: form-data; name=\"access_token\"\r\n\r\n\(token(12))\r\n"
      + "--XyZ\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nhi\r\n--XyZ--\r\n"
    add(
      Exchange(
        method: "POST", uri: "\(g)/me/feed",
        headers: [("Content-Type", "multipart/form-data; boundary=XyZ")], body: part),
      [(token(12), "request.body", "multipart part")])
    let batch = JSONValue.array([
      ["method": "GET", "relative_url": .string("me?access_token=\(token(13))")],
      [
        "method": "POST", "relative_url": "me/feed",
        "body": .string("message=hi&access_token=\(token(14))"),
      ],
    ]).compactText
    add(
      Exchange(
        method: "POST", uri: "\(g)/",
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: "batch=" + PercentEncoding.encode(batch),
        responseBody:
          #"[{"code":200,"body":"{\"paging\":{\"next\":\"https:\\\/\\\/graph.facebook.com\\\/v2.8\\\/me\\\/feed?access_token=\#(token(15))&limit=25\"}}"}]"#
      ),
      [
        (token(13), "request.body", "batch relative_url"),
        (token(14), "request.body", "batch body"),
        (token(15), "response.body", "paging URL inside a batch answer"),
      ])
    add(
      Exchange(
        uri: "\(g)/me/feed?access_token=\(token(16))",
        responseBody:
          #"{"data":[],"paging":{"next":"https:\/\/graph.facebook.com\/v2.8\/me\/feed?access_token=\#(token(16))&until=1"}}"#
      ),
      [(token(16), "request.url", "query"), (token(16), "response.body", "paging URL")])
    add(
      Exchange(uri: "\(g)/me", headers: [("Authorization", "OAuth \(token(17))")]),
      [(token(17), "request.headers.Authorization", "Authorization")])
    add(
      Exchange(
        method: "POST", uri: "https://apps.example.com/canvas/",
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: "signed_request=\(signedRequest)",
        responseHeaders: [("Content-Type", "text/html")],
        responseBody:
          "<html><a href=\"https://graph.facebook.com/me?fields=id&amp;access_token=\(token(18))\">me</a></html>"
      ),
      [
        (signedRequest, "request.body", "signed_request"),
        (token(18), "response.body", "HTML link"),
      ])
    add(
      Exchange(
        uri: "\(g)/me?access_token=\(token(19))&appsecret_proof=\(proof)",
        responseHeaders: [
          ("Content-Type", "application/json"),
          ("Location", "https://graph.facebook.com/me?access_token=\(token(20))"),
        ],
        responseBody: #"{"note":"\#(unicodeEscaped(token(21)))"}"#),
      [
        (token(19), "request.url", "query"), (proof, "request.url", "appsecret_proof"),
        (token(20), "response.headers.Location", "Location header"),
        (token(21), "response.body", "JSON \\u escapes, by shape"),
      ])
    add(
      Exchange(uri: "\(g)/me?access_token=CAAEmuAlice", responseBody: #"{"id":"1"}"#), [])

    var items: [JSONValue] = []
    for e in exchanges {
      func headers(_ list: [(String, String)]) -> JSONValue {
        var object = JSONObject()
        for (name, value) in list { object.append(name, [.string(value)]) }
        return .object(object)
      }
      var request = JSONObject()
      request.append("body", e.body.map { .string($0) } ?? .null)
      request.append("headers", headers(e.headers))
      request.append("method", .string(e.method))
      request.append("uri", .string(e.uri))
      var response = JSONObject()
      response.append("body", ["string": .string(e.responseBody)])
      response.append("headers", headers(e.responseHeaders))
      response.append("status", ["code": .number(JSONNumber(e.status)), "message": "OK"])
      items.append(["request": .object(request), "response": .object(response)])
    }
    let root: JSONValue = ["interactions": .array(items), "version": 1]
    return (JSONPrinter(options: [.pretty]).bytes(root), hidden)
  }

  /// The forms a secret's bytes may take in a file: raw, percent-encoded (reserved bytes or
  /// every byte, either hex case, once or twice), JSON-escaped (`\/`, `\u00XX`).
  public static func forms(of secret: String) -> Set<String> {
    let once = PercentEncoding.encode(secret)
    return [
      secret, once, once.lowercased(), PercentEncoding.encode(once), fullyEncoded(secret),
      fullyEncoded(secret, upper: false), secret.replacing("/", with: "\\/"),
      unicodeEscaped(secret), secret.replacing("|", with: "%7C"),
    ]
  }
}
