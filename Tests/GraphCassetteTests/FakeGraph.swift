import Foundation
import GraphAPI
import GraphCassette
import GraphJSON

/// A small deterministic Graph-like transport for testing the recorder and player mechanics:
/// answers `/me` with a profile, `/me/friends` with a page whose `next` URL repeats the token,
/// `/test_users` with users holding tokens, `/debug_token`, POSTs with a new id, and a 2500
/// error without a token. It counts the requests it gets.
final class FakeGraph: GraphTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var suffix = ""

  var requestCount: Int { lock.withLock { count } }

  /// Appended to names from now on, to simulate drift.
  func setNameSuffix(_ text: String) { lock.withLock { suffix = text } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let (n, nameSuffix) = lock.withLock {
      count += 1
      return (count, suffix)
    }
    let parts = URLParts(request.url)
    var params = parts?.queryItems ?? QueryItems()
    let bodyText = String(decoding: request.body, as: UTF8.self)
    if request.headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true {
      for item in QueryItems(parsing: bodyText) { params.append(item.name, item.value) }
    }
    let token =
      params["access_token"]
      ?? request.headers["Authorization"].map { String($0.split(separator: " ").last ?? "") }
    let path = parts?.path ?? "/"
    let json: JSONValue
    var status = 200
    if token == nil {
      status = 400
      json = [
        "error": [
          "message":
            "An active access token must be used to query information about the current user.",
          "type": "OAuthException", "code": 2500, "fbtrace_id": .string("trace\(n)"),
        ]
      ]
    } else if path.hasSuffix("/me/friends") {
      json = [
        "data": [["id": "2", "name": "Bo"]],
        "paging": [
          "cursors": ["after": .string("c\(n)")],
          "next": .string(
            "https://graph.facebook.com/v2.0/me/friends?access_token=\(token!)&after=c\(n)"),
        ],
      ]
    } else if path.hasSuffix("/test_users") {
      json = [
        "data": [
          [
            "id": "90", "access_token": "TESTUSERTOKEN1234567",
            "login_url": "https://developers.facebook.com/checkpoint/test-user-login/90/",
          ]
        ]
      ]
    } else if path.hasSuffix("/debug_token") {
      json = ["data": ["app_id": "77", "is_valid": true, "user_id": "1", "scopes": ["email"]]]
    } else if request.method == "POST" {
      json = ["id": .string("1_\(n)")]
    } else {
      json = ["id": "1", "name": .string("Ada\(nameSuffix)"), "fbtrace_id": .string("t\(n)")]
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", "application/json; charset=UTF-8")
    headers.add("x-fb-trace-id", "trace\(n)")
    return HTTPResponse(
      status: status, headers: headers, body: Array(json.compactText.utf8),
      duration: .milliseconds(3))
  }
}

/// A fresh temporary directory, removed by the caller with `remove()`.
struct TempDir {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "cassette-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func get(_ url: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
  HTTPRequest(method: "GET", url: url, headers: headers)
}

func post(_ url: String, form: String) -> HTTPRequest {
  HTTPRequest(
    method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
    body: Array(form.utf8))
}
