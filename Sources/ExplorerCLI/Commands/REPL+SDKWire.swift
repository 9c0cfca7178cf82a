import GraphAPI

extension REPL {
  /// `GET me --offline --as ios-3.24`: the request line as that SDK would send it, with the
  /// session's token (or the line's `access_token`). The SDK sets its own headers, so header
  /// items on the line are not shown; secrets are masked unless `--with-token`.
  func sdkWireText(_ line: RequestLine) throws(ExplorerError) -> String {
    let (request, graph) = try sdkRequest(line)
    return SDKWireForm.text(request, token: graph.accessToken, unmasked: line.withToken)
  }

  /// The request `line` sends as the SDK `line.sdk` would (issue 45: `--as` sends, not only
  /// prints): its bytes, addressed to the target (the emulator, `serve`, a proxy or the live
  /// Graph API) as the request line's own would be, with the Graph request it came from.
  func sdkRequest(_ line: RequestLine) throws(ExplorerError) -> (HTTPRequest, GraphRequest) {
    guard let form = line.sdk else { throw .failed("--as: no SDK named") }
    let graph = try session.graphRequest(for: line, accessToken: session.token)
    var request = form.request(graph, appID: session.appID ?? "")
    // The SDK addresses graph.facebook.com; a network target (serve, a URL) takes its path
    // and query as it takes the request line's. A pasted URL keeps its own host.
    let facebook = GraphRequest.defaultBaseURL
    if graph.origin == nil, request.url.hasPrefix(facebook + "/") {
      var base = Substring(session.baseURL)
      while base.hasSuffix("/") { base = base.dropLast() }
      request.url = String(base) + request.url.dropFirst(facebook.count)
    }
    return (request, graph)
  }
}
