import Foundation
import GraphAPI
import GraphJSON

/// The REPL's state: where requests go (the transport and its base URL), the token, the
/// version, preferences, and the history of exchanges #1, #2, ...
///
/// Used from one task at a time (the REPL loop), so it is a plain class.
final class Session {
  /// What answers requests.
  var transport: any GraphTransport
  /// A short name of the transport for `target` and the prompt: `emulator`, `live`, a URL.
  var targetName: String
  /// Where requests go: `https://graph.facebook.com` unless `target` says otherwise.
  var baseURL: String
  /// The access token sent with every request, or `nil`.
  var token: String?
  /// The version put before every path (`v2.2`), or `nil` for unversioned paths.
  var version: String?
  /// Logs each request as the SDK's FBLoggingBehaviorFBRequests does.
  var verbose = false
  /// Sends answers taller than the screen through `less -R`.
  var pager = true
  /// The exchanges so far, in order; `history[i].number == i + 1`.
  private(set) var history: [Exchange] = []
  /// Node types, edges and fields learned from `metadata=1` answers, for completion.
  var catalog = GraphCatalog()

  init(
    transport: any GraphTransport, targetName: String = "emulator",
    baseURL: String = "https://graph.facebook.com", token: String? = nil
  ) {
    self.transport = transport
    self.targetName = targetName
    self.baseURL = baseURL
    self.token = token
  }

  /// The exchange `reference` names.
  /// - Throws: `.noHistory` or `.noExchange(n)`.
  func exchange(_ reference: ExchangeReference) throws(ExplorerError) -> Exchange {
    switch reference {
    case .last:
      guard let last = history.last else { throw .noHistory }
      return last
    case .number(let n):
      guard history.indices.contains(n - 1) else { throw .noExchange(n) }
      return history[n - 1]
    }
  }

  /// Sends a request line (variables filled in from earlier answers) and records the exchange.
  func send(_ line: RequestLine, text: String) async throws(ExplorerError) -> Exchange {
    let path = try resolve(line.path)
    var parameters = QueryItems()
    var uploads: [(name: String, path: String)] = []
    for parameter in line.parameters {
      switch parameter.value {
      case .text(let template):
        parameters.append(parameter.name, try resolve(template))
      case .json(let template):
        parameters.append(parameter.name, try jsonParameter(parameter.name, try resolve(template)))
      case .file(let template):
        uploads.append((parameter.name, try resolve(template)))
      }
    }
    guard uploads.isEmpty else {
      throw .failed("file uploads (\(uploads[0].name)@) are not supported yet")
    }
    let request = RequestBuilder.build(
      method: line.method, path: path, parameters: parameters, version: version, token: token,
      baseURL: baseURL)
    return try await send(request, line: text, source: line)
  }

  /// Sends `request` as it is and records the exchange under `line`.
  func send(
    _ request: HTTPRequest, line: String, source: RequestLine
  ) async throws(ExplorerError) -> Exchange {
    let clock = ContinuousClock()
    let start = clock.now
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      let host = URLParts(request.url)?.host ?? request.url
      throw .transport("\(host): \(error)")
    }
    let exchange = Exchange(
      number: history.count + 1, line: Redaction.redactParameters(line), source: source,
      request: request,
      response: response, elapsed: clock.now - start)
    history.append(exchange)
    if let json = exchange.json {
      catalog.learn(path: URLParts(request.url)?.path ?? "", answer: json)
    }
    return exchange
  }

  /// Fills in the variables of `template`.
  func resolve(_ template: Template) throws(ExplorerError) -> String {
    try template.resolved { (variable) throws(ExplorerError) in try value(of: variable) }
  }

  private func jsonParameter(_ name: String, _ text: String) throws(ExplorerError) -> String {
    do {
      let value = try JSONParser.parse(text)
      return value.stringValue ?? value.compactText
    } catch {
      throw .failed("\(name):= is not JSON: \(error)")
    }
  }
}
