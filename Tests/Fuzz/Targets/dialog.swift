import GraphAPI

@testable import GraphEmulator

/// The login dialog's parameters (issue 31): the input is a query string for
/// `/dialog/oauth` (a `redirect_uri` among `client_id`, `scope`, `state`, `response_type`,
/// `person`, ...). The page is opened, its form posted back with the page's token and
/// `decision=approve`, and the same form posted without the token and from another origin.
/// Properties: `RedirectURI` and `ValidRedirect` never crash on the URI; a redirect happens
/// only to a URI the app allows, its `Location` has no control byte or space, and neither
/// post without the token nor a post from another origin redirects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDialog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let query = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  let items = QueryItems(parsing: query)
  if let uri = items["redirect_uri"] { _ = RedirectURI(uri)?.path }
  let emulator = GraphEmulator(secrets: .deterministic)
  let base = "http://127.0.0.1:4000/v2.8/dialog/oauth"
  let page = emulator.answer(HTTPRequest(url: base + "?" + items.formEncoded))
  let html = String(decoding: page.body, as: UTF8.self)
  let token = html.range(of: "name=\"fb_dtsg\" value=\"").map {
    String(html[$0.upperBound...].prefix { $0 != "\"" })
  }
  func post(_ extra: [(String, String)], origin: String?) -> HTTPResponse {
    var form = items
    for (name, value) in extra { form.append(name, value) }
    var request = HTTPRequest(method: "POST", url: base)
    request.headers["Content-Type"] = "application/x-www-form-urlencoded"
    if let origin { request.headers["Origin"] = origin }
    request.body = Array(form.formEncoded.utf8)
    return emulator.answer(request)
  }
  let approved = post([("decision", "approve"), ("fb_dtsg", token ?? "")], origin: nil)
  if let location = approved.headers["Location"] {
    let redirect = items["redirect_uri"] ?? ""
    fuzzRequire(
      ValidRedirect.allows(redirect, appID: emulator.world.app.id),
      "redirected to a URI the app does not allow: \(redirect)")
    fuzzRequire(
      !location.utf8.contains { $0 <= 0x20 || $0 == 0x7F },
      "a control byte or space in Location: \(location)")
  }
  for (extra, origin) in [
    ([("decision", "approve")], nil as String?),
    ([("decision", "approve"), ("fb_dtsg", token ?? "")], "http://evil.example"),
  ] {
    fuzzRequire(
      post(extra, origin: origin).headers["Location"] == nil,
      "a post without its page's token or from another origin redirected")
  }
  return 0
}
