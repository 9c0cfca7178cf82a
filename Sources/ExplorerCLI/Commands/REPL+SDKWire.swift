import GraphAPI

extension REPL {
  /// `GET me --offline --as ios-3.24`: the request line as that SDK would send it, with the
  /// session's token (or the line's `access_token`). The SDK sets its own headers, so header
  /// items on the line are not shown; secrets are masked unless `--with-token`.
  func sdkWireText(_ line: RequestLine) throws(ExplorerError) -> String {
    guard let form = line.sdk else { return "" }
    let graph = try session.graphRequest(for: line, accessToken: session.token)
    let request = form.request(graph, appID: session.appID ?? "")
    return SDKWireForm.text(request, token: graph.accessToken, unmasked: line.withToken)
  }
}
