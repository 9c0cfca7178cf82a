import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// The REPL's state: where requests go (the transport and its base URL), the token, the
/// version, preferences, and the history of exchanges #1, #2, ...
///
/// Used from one task at a time (the REPL loop), so it is a plain class.
final class Session {
  /// Where requests go and what answers them (`Target`).
  var target: Target
  /// The cassette recorder wrapping the target's transport, while recording.
  var recorder: CassetteRecorder?
  /// The session's emulator, kept while another target answers: `target emulator` and
  /// `replay stop` go back to it, and `login`, `grant`, `revoke`, `logout`, `reset` act on it.
  var emulator: GraphEmulator?
  /// The world a new emulator starts from (`--world`).
  var world: World = .default
  /// The access token sent with every request, or `nil`.
  var token: String?
  /// The version put before every path (`v2.2`), or `nil` for unversioned paths.
  var version: String?
  /// The app id set with `app`, or `nil`.
  var appID: String?
  /// The app secret set with `app`: it turns on `appsecret_proof`. Never stored.
  var appSecret: String?
  /// Logs each request as the SDK's FBLoggingBehaviorFBRequests does.
  var verbose = false
  /// Sends answers taller than the screen through the pager (`Pager`).
  var pager = true
  /// The largest answer read from the network, as received and once decoded
  /// (`set max-answer-bytes`): 64 MiB unless set.
  var maxAnswerBytes = 64 << 20
  /// The exchanges so far, in order, the newest kept within a budget (`ExchangeHistory`).
  var history = ExchangeHistory()
  /// The variables `let` set (`$pid`), each with whether it holds a secret.
  var variables = NamedVariables()
  /// Node types, edges and fields learned from `metadata=1` answers, for completion.
  var catalog = GraphCatalog()

  init(target: Target, token: String? = nil) {
    self.target = target
    self.emulator = target.emulator
    self.token = token
  }

  /// What answers a call made for `purpose`: the recorder while recording when the call
  /// belongs in the cassette, else the target's own transport.
  func transport(for purpose: CallPurpose) -> any GraphTransport {
    purpose.isRecorded ? recorder ?? target.transport : target.transport
  }
  /// A short name of the target for `target` and the prompt: `emulator`, `live`, a URL.
  var targetName: String { target.name }
  /// Where requests go: `https://graph.facebook.com` unless `target` says otherwise.
  var baseURL: String { target.baseURL }

  /// Makes the session's emulator the target (a new one on `world` when there is none yet).
  /// - Returns: the emulator.
  @discardableResult
  func targetEmulator() -> GraphEmulator {
    let emulator = self.emulator ?? GraphEmulator(world: world)
    self.emulator = emulator
    target = .emulator(emulator)
    return emulator
  }

  /// The exchange `reference` names.
  /// - Throws: `.noHistory` or `.noExchange(n)`.
  func exchange(_ reference: ExchangeReference) throws(ExplorerError) -> Exchange {
    switch reference {
    case .last:
      guard let last = history.last else { throw .noHistory }
      return last
    case .number(let n):
      if let exchange = history.exchange(numbered: n) { return exchange }
      if n >= 1, n <= history.forgotten {
        throw .forgottenExchange(n, kept: history.forgotten + 1...history.total)
      }
      throw .noExchange(n)
    }
  }

  /// Sends a request line (variables filled in from earlier answers) and records the exchange.
  func send(_ line: RequestLine, text: String) async throws(ExplorerError) -> Exchange {
    try await send(try httpRequest(for: line), line: text, source: line)
  }

  /// The HTTP request a request line sends: its Graph request with the session's token (unless
  /// the line gives `access_token=` or an `Authorization` header, which win) and the line's
  /// header items.
  func httpRequest(for line: RequestLine) throws(ExplorerError) -> HTTPRequest {
    var headers: [(String, String)] = []
    for parameter in line.parameters {
      if case .header(let template) = parameter.value {
        headers.append((parameter.name, try resolve(template)))
      }
    }
    let authorized = headers.contains { $0.0.lowercased() == "authorization" }
    let graphRequest = try self.graphRequest(for: line, accessToken: authorized ? nil : token)
    var request = graphRequest.httpRequest(baseURL: graphRequest.origin ?? baseURL)
    for (name, value) in headers { request.headers[name] = value }
    return request
  }

  /// `GET me?fields=<fields>` with `token`, the session's version and app secret, to the
  /// target: what `whoami` asks a server and the state lookup a recorded login leaves.
  func meRequest(fields: String, token: String) -> HTTPRequest {
    var query = QueryItems()
    query.append("fields", fields)
    return GraphRequest(
      .get, "me", parameters: query, version: version, accessToken: token, appSecret: appSecret
    ).httpRequest(baseURL: baseURL)
  }

  /// The Graph request of a request line: variables filled in, JSON values compacted, files
  /// read, the session's version and app secret applied, with `accessToken`.
  func graphRequest(
    for line: RequestLine, accessToken: String?
  ) throws(ExplorerError) -> GraphRequest {
    var path = try resolve(line.path)
    var parameters = QueryItems()
    var uploads: [GraphUpload] = []
    var accessToken = accessToken
    // What is typed is what is sent: a token in the path's own query (`me?access_token=...`,
    // a pasted URL) wins over the session's as an `access_token=` parameter does (issue 29).
    if let (rest, typed) = Self.splittingToken(from: path) {
      path = rest
      accessToken = testToken(named: typed) ?? typed
    }
    for parameter in line.parameters {
      let value: String
      switch parameter.value {
      case .text(let template): value = try resolve(template)
      case .json(let template):
        value = try jsonParameter(parameter.name, try resolve(template))
      case .textFile(let template): value = try fileText(try resolve(template))
      case .jsonFile(let template):
        value = try jsonParameter(parameter.name, try fileText(try resolve(template)))
      case .file(let template):
        uploads.append(try upload(parameter.name, path: try resolve(template)))
        continue
      case .header: continue
      }
      // An explicit token on the line wins over the session's (and gets its own proof).
      if parameter.name == "access_token" {
        accessToken = testToken(named: value) ?? value
      } else {
        parameters.append(parameter.name, value)
      }
    }
    return GraphRequest(
      line.method, path, parameters: parameters, uploads: uploads, version: version,
      accessToken: accessToken, appSecret: accessToken == nil ? nil : appSecret)
  }

  /// `path` without the `access_token` of its query, and that token (percent-decoded); `nil`
  /// when its query has none. The rest of the path is kept as it was typed.
  static func splittingToken(from path: String) -> (String, String)? {
    guard let mark = path.firstIndex(of: "?") else { return nil }
    let pairs = path[path.index(after: mark)...].split(
      separator: "&", omittingEmptySubsequences: false)
    guard
      let token = pairs.last(where: { $0.hasPrefix("access_token=") })?
        .dropFirst("access_token=".count)
    else { return nil }
    let kept = pairs.filter { !$0.hasPrefix("access_token=") }
    let rest = String(path[..<mark]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    return (rest, PercentEncoding.decode(Substring(token)))
  }

  /// Sends `request` as it is and records the exchange under `line`.
  func send(
    _ request: HTTPRequest, line: String, source: RequestLine
  ) async throws(ExplorerError) -> Exchange {
    let clock = ContinuousClock()
    let start = clock.now
    let response: HTTPResponse
    do {
      response = try await transport(for: .exchange).send(request)
    } catch {
      // Ctrl-C cancelled the command's task, and with it the transport's request.
      if error is CancellationError || Task.isCancelled {
        throw .cancelled(milliseconds: Renderer.milliseconds(clock.now - start))
      }
      throw .transport("\(answering(request)): \(error)")
    }
    // A cassette's answers show their recorded duration, when recording as when replaying, so
    // a replayed session prints what the recorded one did.
    let fromCassette = recorder != nil || target.isReplay
    var exchange = Exchange(
      number: history.nextNumber, line: Redaction.redactParameters(line), source: source,
      request: request, response: response,
      elapsed: fromCassette && response.duration > .zero ? response.duration : clock.now - start)
    exchange.version = version
    history.append(exchange)
    if let json = exchange.json {
      catalog.learn(path: URLParts(request.url)?.path ?? "", answer: json)
    }
    return exchange
  }

  /// What failed to answer `request`: the cassette being recorded or replayed, the emulator,
  /// or the host of the network target (not the host in the URL, which stays
  /// graph.facebook.com when the emulator answers).
  private func answering(_ request: HTTPRequest) -> String {
    if let recorder {
      return "\(recorder.file) (record mode \(recorder.mode.rawValue), target \(targetName))"
    }
    switch target {
    case .emulator, .replay: return target.name
    case .network: return URLParts(request.url)?.host ?? request.url
    }
  }

  /// Adds an exchange made here rather than sent (the merged pages of `all`), numbered next.
  func record(_ make: (_ number: Int) -> Exchange) -> Exchange {
    let exchange = make(history.nextNumber)
    history.append(exchange)
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

  /// The text of the file at `path` (`name=@file`), without a final newline.
  private func fileText(_ path: String) throws(ExplorerError) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    guard let data = FileManager.default.contents(atPath: expanded) else {
      throw .file(path: path, reason: "cannot read the file for the value")
    }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  private func upload(_ name: String, path: String) throws(ExplorerError) -> GraphUpload {
    let expanded = (path as NSString).expandingTildeInPath
    guard let data = FileManager.default.contents(atPath: expanded) else {
      throw .file(path: path, reason: "cannot read the file to upload")
    }
    return GraphUpload(
      name: name, filename: (expanded as NSString).lastPathComponent,
      contentType: Self.contentType(forFileName: expanded), bytes: [UInt8](data))
  }

  /// A Content-Type for an upload from its file name's extension.
  static func contentType(forFileName name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "jpg", "jpeg": return "image/jpeg"
    case "png": return "image/png"
    case "gif": return "image/gif"
    case "mp4": return "video/mp4"
    case "mov": return "video/quicktime"
    case "json": return "application/json"
    case "txt": return "text/plain"
    default: return "application/octet-stream"
    }
  }
}
