import GraphAPI
import GraphEmulator
import GraphLive

/// `code` and `target`.
extension REPL {
  /// The request of `exchange` as code in `language`.
  func code(
    _ language: String, _ exchange: Exchange, withToken: Bool
  ) throws(ExplorerError) -> String {
    guard let language = CodeLanguage(name: language) else { throw CommandParser.usage("code") }
    let request: GraphRequest
    do {
      request = try GraphRequest(parsing: exchange.request)
    } catch {
      throw .failed("#\(exchange.number) cannot be written as code: \(error)")
    }
    var graphRequest = request
    graphRequest.appSecret = session.appSecret
    let base = URLParts(exchange.request.url)?.origin ?? session.baseURL
    return CodeGenerator(baseURL: base, includeToken: withToken)
      .code(for: graphRequest, in: language, headers: headerItems(of: exchange))
  }

  /// The headers the exchange's line gave as `Name:Value` items, with the values as sent.
  func headerItems(of exchange: Exchange) -> HTTPHeaders {
    var headers = HTTPHeaders()
    for parameter in exchange.source.parameters {
      guard case .header = parameter.value, let value = exchange.request.headers[parameter.name]
      else { continue }
      headers.fields.append(.init(name: parameter.name, value: value))
    }
    return headers
  }

  /// Shows the target, or sends requests to the emulator, graph.facebook.com or a URL.
  func target(_ name: String?) throws(ExplorerError) -> Output {
    guard let name else {
      return .text("target \(session.targetName) (\(session.baseURL))\n")
    }
    guard session.recorder == nil else { throw .failed("recording; 'record stop' first") }
    switch name {
    case "emulator":
      let emulator = session.targetEmulator()
      if session.token == nil { session.token = emulator.defaultToken }
      return .note("target emulator")
    case "live":
      switchToNetwork(GraphRequest.defaultBaseURL)
      return .note(
        "target live: https://graph.facebook.com"
          + (session.token == nil ? " (no token: set one with 'token <value>')" : ""))
    default:
      guard let url = URLParts(name), url.scheme == "http" || url.scheme == "https" else {
        throw .failed("expected emulator, live or an http(s) URL, found '\(name)'")
      }
      switchToNetwork(url.origin)
      return .note("target \(session.targetName)")
    }
  }

  /// Sends requests over the network to `origin`; on the way from the emulator to live, the
  /// emulator's token is dropped (it means nothing there) in favour of `FB_ACCESS_TOKEN`.
  private func switchToNetwork(_ origin: String) {
    let network = Target.network(origin, maxAnswerBytes: session.maxAnswerBytes)
    if let emulator = session.target.emulator, session.token == emulator.defaultToken,
      network.isLive
    {
      session.token = console.environment["FB_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }
    session.target = network
  }
}
