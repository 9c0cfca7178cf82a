import GraphAPI
import GraphJSON

@testable import GraphEmulator

/// One answer taken apart for assertions.
struct Answer {
  var status: Int
  var headers: HTTPHeaders
  var text: String
  var json: JSONValue? { try? JSONParser.parse(text) }
}

/// Sends `method path` (a path with query, or an absolute URL) to `emulator`, with `token`
/// appended as `access_token` unless `nil`, and an optional form body.
func call(
  _ emulator: GraphEmulator, _ path: String, method: String = "GET",
  token: String? = "CAAEmuAlice", form: [(String, String)] = [],
  base: String = "https://graph.facebook.com"
) -> Answer {
  var url = path.hasPrefix("http") ? path : base + (path.hasPrefix("/") ? "" : "/") + path
  if let token {
    url += (url.contains("?") ? "&" : "?") + "access_token=" + token
  }
  var request = HTTPRequest(method: method, url: url)
  if !form.isEmpty {
    request.headers["Content-Type"] = "application/x-www-form-urlencoded"
    request.body = Array(QueryItems(form.map { .init(name: $0.0, value: $0.1) }).formEncoded.utf8)
  }
  let response = emulator.answer(request)
  return Answer(status: response.status, headers: response.headers, text: response.bodyText)
}

/// The login dialog as a browser uses it: opens the page for `form` (without `decision`), reads
/// the form token off it, and posts the form with the token and `decision`.
func submitOAuthDialog(
  _ emulator: GraphEmulator, _ form: [(String, String)], decision: String = "approve",
  path: String = "dialog/oauth"
) -> Answer {
  let query = QueryItems(form.map { .init(name: $0.0, value: $0.1) }).formEncoded
  let page = call(emulator, "\(path)?\(query)", token: nil)
  return call(
    emulator, path, method: "POST", token: nil,
    form: form + [("fb_dtsg", formToken(page.text) ?? ""), ("decision", decision)])
}

/// The `fb_dtsg` value on a dialog page.
func formToken(_ html: String) -> String? {
  guard let start = html.range(of: "name=\"fb_dtsg\" value=\"") else { return nil }
  return String(html[start.upperBound...].prefix { $0 != "\"" })
}
