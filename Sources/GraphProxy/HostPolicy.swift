import GraphAPI
import GraphServer

/// Which requests reach the transport: those for the hosts the proxy answers
/// (`GraphHosts`). Any other host is answered 502 with a Graph-style error naming it, and
/// nothing is sent anywhere, unless a pass-through transport takes plain-http requests for
/// other hosts (`--pass-through`).
enum HostPolicy {
  /// The 502 for `request` when its host is not one the proxy answers; `nil` when it is.
  static func refusal(for request: HTTPRequest) -> HTTPResponse? {
    let authority = URLParts(request.url)?.host ?? ""
    guard !GraphHosts.isAnswered(GraphHosts.split(authority: authority).host) else { return nil }
    return HTTPResponseWriter.errorResponse(status: 502, message: refusalMessage(host: authority))
  }

  /// Why a request for `host` gets no answer, naming the host (control characters as `?`).
  static func refusalMessage(host: String) -> String {
    let shown = String(
      String.UnicodeScalarView(
        host.unicodeScalars.prefix(260).map { $0.value < 32 || $0.value == 127 ? "?" : $0 }))
    return
      "graph-explorer proxy does not answer for \(shown.isEmpty ? "(no host)" : shown): it answers only Facebook's hosts (graph.facebook.com, graph-video.facebook.com, api.facebook.com, www.facebook.com, m.facebook.com and the picture hosts) and sends nothing elsewhere; start it with --pass-through to let other hosts through"
  }
}

/// A transport behind `HostPolicy`, for a transport that may wait (`--record`), or with a
/// pass-through transport for other hosts.
struct PolicedTransport: GraphTransport {
  let inner: any GraphTransport
  /// Where plain-http requests for other hosts go (`--pass-through`); `nil`: refused.
  let passThrough: (any GraphTransport)?

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let refusal = HostPolicy.refusal(for: request) else {
      return try await inner.send(request)
    }
    if let passThrough { return try await passThrough.send(request) }
    return refusal
  }
}

/// A transport behind `HostPolicy` whose answers are ready at once (the emulator, a
/// cassette), so the server keeps answering on its I/O thread.
struct PolicedImmediateTransport: ImmediateGraphTransport {
  let inner: any ImmediateGraphTransport

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try answerNow(request)
  }

  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse {
    try HostPolicy.refusal(for: request) ?? inner.answerNow(request)
  }
}
