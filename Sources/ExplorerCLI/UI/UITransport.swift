import GraphAPI
import GraphJSON

/// What `graph-explorer ui` puts on its loopback port: the page and its script and style, the
/// JSON API (`UIController`), and the target's login dialog for "Get Token".
///
/// Only the page drives the API: a call must name this run's random key in `X-Explorer-Key`
/// (a custom header other origins cannot send without a CORS preflight, which is never
/// granted), come from the page's own origin when the browser says (`Origin`,
/// `Sec-Fetch-Site`), and be addressed to a loopback name (`Host`: a DNS-rebound name is
/// refused). Every answer carries a strict Content-Security-Policy and `nosniff`.
final class UITransport: GraphTransport {
  /// This run's key, written into the page.
  let key: String
  private let jobs: AsyncStream<Job>.Continuation

  private struct Job: Sendable {
    var request: HTTPRequest
    var api: String?
    var body: JSONValue
    var done: CheckedContinuation<HTTPResponse, Never>
  }

  /// The names the server answers to: loopback only.
  static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

  /// The page's policy: its own script and style only, calls to itself only, no frames, no
  /// plug-ins, forms to itself only.
  static let pagePolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
  /// The login dialog's pages (the emulator's, with their inline style; no script at all).
  static let dialogPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
    + "frame-ancestors 'none'; base-uri 'none'"

  /// A transport answering from `controller`, one call at a time, with the page keyed `key`.
  init(controller: UIController, key: String) {
    self.key = key
    let (stream, continuation) = AsyncStream<Job>.makeStream()
    jobs = continuation
    Task {
      for await job in stream {
        job.done.resume(returning: await Self.run(job, on: controller))
      }
    }
  }

  /// Stops taking calls (those waiting are still answered).
  func finish() { jobs.finish() }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let url = URLParts(request.url), Self.loopbackHosts.contains(url.host.lowercased())
    else {
      return Self.text(421, "graph-explorer ui answers 127.0.0.1 and localhost only")
    }
    let path = url.path
    switch (request.method, path) {
    case ("GET", "/"), ("GET", "/callback"):
      return Self.asset(UIPage.html(key: key), type: "text/html; charset=utf-8")
    case ("GET", "/ui.js"): return Self.asset(UIScript.text, type: "text/javascript; charset=utf-8")
    case ("GET", "/ui.css"): return Self.asset(UIStyle.text, type: "text/css; charset=utf-8")
    default: break
    }
    if Self.isDialog(path) {
      return await enqueue(request, api: nil, body: .null)
    }
    guard path.hasPrefix("/api/") else { return Self.text(404, "not found: \(path)") }
    if let refusal = refusal(request, url: url) { return Self.text(403, refusal) }
    guard let body = try? JSONParser.parse(request.body.isEmpty ? Array("{}".utf8) : request.body)
    else { return Self.text(400, "the body is not JSON") }
    return await enqueue(request, api: String(path.dropFirst("/api/".count)), body: body)
  }

  /// Why an API call is refused, or nil when the page made it.
  func refusal(_ request: HTTPRequest, url: URLParts) -> String? {
    guard request.method == "POST" else { return "the API takes POST only" }
    guard let given = request.headers["X-Explorer-Key"], Self.same(given, key) else {
      return "the call does not carry this page's key"
    }
    if let origin = request.headers["Origin"], origin != url.origin {
      return "the call comes from \(origin), not from the page"
    }
    if let site = request.headers["Sec-Fetch-Site"], site != "same-origin" {
      return "the call comes from another site (\(site))"
    }
    return nil
  }

  /// `/dialog/oauth` or `/vX.Y/dialog/oauth`.
  static func isDialog(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    return parts.suffix(2) == ["dialog", "oauth"]
      && (parts.count == 2 || (parts.count == 3 && parts[0].hasPrefix("v")))
  }

  private func enqueue(_ request: HTTPRequest, api: String?, body: JSONValue) async
    -> HTTPResponse
  {
    await withCheckedContinuation { done in
      let result = jobs.yield(Job(request: request, api: api, body: body, done: done))
      if case .terminated = result { done.resume(returning: Self.text(503, "stopping")) }
    }
  }

  private static func run(_ job: Job, on controller: UIController) async -> HTTPResponse {
    guard let api = job.api else { return await dialog(job.request, on: controller) }
    let reply = await controller.call(api, job.body)
    return secured(
      HTTPResponse(
        status: reply.status, headers: ["Content-Type": "application/json; charset=utf-8"],
        body: Array(reply.json.compactText.utf8)), policy: pagePolicy)
  }

  /// The login dialog, answered by the session's emulator when it is the target.
  private static func dialog(_ request: HTTPRequest, on controller: UIController) async
    -> HTTPResponse
  {
    guard case .emulator(let emulator) = controller.session.target else {
      return text(404, "Get Token needs the emulator as the target: paste a token instead")
    }
    do {
      return secured(try await emulator.send(request), policy: dialogPolicy)
    } catch {
      return text(502, "the login dialog did not answer: \(error)")
    }
  }

  static func asset(_ text: String, type: String) -> HTTPResponse {
    secured(
      HTTPResponse(status: 200, headers: ["Content-Type": type], body: Array(text.utf8)),
      policy: pagePolicy)
  }

  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    secured(
      HTTPResponse(
        status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
        body: Array((message + "\n").utf8)), policy: pagePolicy)
  }

  /// `response` with the headers every answer carries.
  static func secured(_ response: HTTPResponse, policy: String) -> HTTPResponse {
    var response = response
    response.headers["Content-Security-Policy"] = policy
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    // Not `no-referrer`: under it a browser sends `Origin: null` with the dialog's form, which
    // the dialog then refuses as a cross-site post.
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Cache-Control"] = "no-store"
    response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
    return response
  }

  /// Compares in time independent of where the texts differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
