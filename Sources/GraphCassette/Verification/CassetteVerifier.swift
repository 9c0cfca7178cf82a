import GraphAPI
import GraphGzip
import GraphJSON

/// Drift detection: sends a cassette's requests, in order, to any transport and compares each
/// answer with the recorded one (status, `error.code` and `error.error_subcode`, selected
/// headers, the JSON body structurally), then checks the interaction's `expect` assertions
/// against the new answer. Volatile values are ignored by default, as Hoverfly's diff mode does.
public struct CassetteVerifier: Sendable {
  /// Keys whose values change from run to run: trace ids, times, paging cursors.
  public static let defaultIgnored: [JSONPathPattern] = patterns([
    "**.fbtrace_id", "**.created_time", "**.updated_time", "**.cursors",
  ])

  /// Ids minted by writes, ignored in answers to POST with the defaults.
  static let mintedIds: [JSONPathPattern] = patterns(["id", "post_id"])

  private static func patterns(_ texts: [String]) -> [JSONPathPattern] {
    texts.compactMap { try? JSONPathPattern(parsing: $0) }
  }

  /// Query parameters that differ between runs in paging URLs (`next`, `previous`).
  static let volatileParameters: Set<String> = CursorFollower.names

  /// Paths already reported on their own lines.
  static let errorCodePaths: Set<String> = ["error.code", "error.error_subcode"]

  /// The transport the requests are re-sent to.
  public var target: any GraphTransport
  /// JSON path patterns (`**.id`, `data[*].updated_time`) to ignore in addition to (or, with
  /// `useDefaultIgnores` off, instead of) the defaults.
  public var ignore: [JSONPathPattern]
  /// Whether `defaultIgnored` applies; ids minted by writes (`id`, `post_id` in answers to
  /// POST) are ignored with them.
  public var useDefaultIgnores: Bool
  /// Response headers compared (case-insensitive names).
  public var headers: [String]
  /// Text put back in place of placeholders before sending (`<ACCESS_TOKEN_1>` → a token the
  /// target accepts).
  public var substitutions: [String: String]
  /// Substitutions that take effect at an interaction (0-based) and hold from then on: a
  /// placeholder another tool wrote over two real tokens is sent as the second person's token
  /// from where the recording's answers show them (`world --from`'s split tokens).
  public var switches: [Int: [String: String]]
  /// Placeholders whose value was given (`--secret`): sent as given even where the session
  /// mints another.
  public var fixed: Set<String>
  /// The app secret each `<APPSECRET_PROOF_n>` is recomputed with, for the token actually
  /// sent; `nil` sends the placeholder's substitution as it is.
  public var appSecret: String?
  /// Whether dialog steps (`www.facebook.com/dialog/oauth` and its form) are sent too, as a
  /// browser would: the target answers them (the emulator, a `serve`).
  public var followsDialogs: Bool
  /// Mints, for each session the recording holds (`RecordedSession`), a token of the target
  /// with the recorded person and permissions, sent in place of its placeholder from that
  /// interaction on; `nil` leaves `substitutions` as they are.
  public var minter: (any SessionMinter)?
  /// The target's clock, moved before each request to when the recording's answer says Graph
  /// gave it (its `Date` header, never backwards); `nil` leaves the target's clock alone.
  public var followedClock: (any FollowedClock)?

  public init(
    target: any GraphTransport, ignore: [JSONPathPattern] = [], useDefaultIgnores: Bool = true,
    headers: [String] = ["Content-Type"], substitutions: [String: String] = [:],
    switches: [Int: [String: String]] = [:], minter: (any SessionMinter)? = nil,
    fixed: Set<String> = [], appSecret: String? = nil,
    followsDialogs: Bool = false, followedClock: (any FollowedClock)? = nil
  ) {
    self.followedClock = followedClock
    self.fixed = fixed
    self.appSecret = appSecret
    self.followsDialogs = followsDialogs
    self.target = target
    self.ignore = ignore
    self.useDefaultIgnores = useDefaultIgnores
    self.headers = headers
    self.substitutions = substitutions
    self.switches = switches
    self.minter = minter
  }

  /// Re-sends every request of `cassette` as one session and reports how each answer
  /// differs: what each answer minted (tokens, codes, ids, cursors) is learned from it and the
  /// target's answer (`SessionFollower`) and sent in place of the recorded value from then on.
  public func verify(_ cassette: Cassette) async -> VerificationReport {
    var results: [VerificationReport.Result] = []
    var substitutions = self.substitutions
    var minted: [String: String] = [:]
    var follower = SessionFollower()
    follower.fixed = fixed
    var clock = SessionClock()
    let minting = VerifyScope.mintedPlaceholders(in: cassette)
    for (index, interaction) in cassette.interactions.enumerated() {
      for (placeholder, value) in switches[index] ?? [:] where !fixed.contains(placeholder) {
        substitutions[placeholder] = value
      }
      let url = interaction.request.url
      guard VerifyScope.isGraph(url) || (followsDialogs && VerifyScope.isDialog(url)) else {
        let host = URLParts(url)?.host ?? "?"
        results.append(
          .init(
            index: index, summary: interaction.summary, problems: [],
            skipped: "not the Graph API (\(host)): not sent"))
        continue
      }
      if let minter, let session = RecordedSession(interaction),
        self.substitutions[session.placeholder] == nil,
        let token = minter.token(for: session, current: minted[session.placeholder])
      {
        minted[session.placeholder] = token
        substitutions[session.placeholder] = token
      }
      let request = follower.rewrite(
        interaction.request, substitutions: substitutions, appSecret: appSecret)
      if let followedClock, let time = RecordedTime.answered(interaction.response) {
        followedClock.follow(recordedTime: time)
      }
      let problems: [String]
      do {
        let response = try await target.send(request)
        follower.learn(
          request: interaction.request, recorded: interaction.response, actual: response,
          number: index + 1)
        var resolved = interaction
        resolved.response = follower.resolved(interaction.response)
        let shown = follower.concealed(
          response, substitutions: substitutions, request: interaction.request)
        problems = compare(resolved, shown, clock: &clock)
      } catch {
        problems = ["no answer: \(error)"]
      }
      let cause = problems.isEmpty ? nil : Self.tokenCause(interaction.request, follower, minting)
      results.append(
        .init(index: index, summary: interaction.summary, problems: problems, cause: cause))
    }
    return VerificationReport(results: results)
  }

  /// The cause of a drift when it is a token the session should have minted and did not: the
  /// request sends a placeholder the recording's answer at #N minted, and the target's answer
  /// there gave none (that step drifted first). `nil` otherwise.
  static func tokenCause(
    _ request: HTTPRequest, _ follower: SessionFollower, _ minting: [String: Int]
  ) -> String? {
    for placeholder in VerifyScope.placeholders(inRequest: request)
    where follower.values[placeholder] == nil && !follower.fixed.contains(placeholder) {
      guard let index = minting[placeholder] else { continue }
      return "\(placeholder) was never minted: the target's answer at #\(index + 1), where the "
        + "recording's minted it, gave none"
    }
    return nil
  }

  /// The ways `response` differs from what `interaction` recorded, one line each.
  public func compare(_ interaction: Interaction, _ response: HTTPResponse) -> [String] {
    var clock = SessionClock()
    return compare(interaction, response, clock: &clock)
  }

  /// As `compare(_:_:)`, with times compared relative to the session's clock (`SessionClock`).
  func compare(_ interaction: Interaction, _ response: HTTPResponse, clock: inout SessionClock)
    -> [String]
  {
    var problems: [String] = []
    let recorded = interaction.response
    if recorded.status != response.status {
      problems.append("status \(response.status), recorded \(recorded.status)")
    }
    for name in headers {
      let r = Self.mediaType(recorded.headers[name])
      let a = Self.mediaType(response.headers[name])
      if Self.comparable(r) != Self.comparable(a) {
        problems.append("header \(name): \(a ?? "absent"), recorded \(r ?? "absent")")
      }
    }
    let rj = Self.json(of: recorded).map(VerifyScope.normalized)
    let aj = Self.json(of: response).map(VerifyScope.normalized)
    if let rj, let aj {
      for key in ["code", "error_subcode"] {
        let r = rj["error"]?[key]
        let a = aj["error"]?[key]
        if r != a {
          problems.append(
            "error.\(key) \(a?.compactText ?? "absent"), recorded \(r?.compactText ?? "absent")")
        }
      }
      var ignored = ignore
      if useDefaultIgnores {
        ignored += Self.defaultIgnored
        if GraphMethod(name: interaction.request.method) == .post { ignored += Self.mintedIds }
      }
      var diffs = JSONDiff.diff(rj, aj, options: JSONDiffOptions(ignore: ignored)).differences
      diffs.removeAll { clock.agrees($0) }
      diffs =
        diffs
        .filter { !(useDefaultIgnores && (Self.sameModuloVolatile($0) || LinkShim.sameTarget($0))) }
        .filter { !Self.errorCodePaths.contains($0.path.description) }
        .filter { !(useDefaultIgnores && Self.sameExpiry($0, rj, aj)) }
      problems += diffs.prefix(20).map { "body " + DifferenceText.line($0) }
      if diffs.count > 20 { problems.append("... and \(diffs.count - 20) more differences") }
    } else if recorded.body != response.body {
      problems.append(
        "body differs (\(response.body.count) bytes, recorded \(recorded.body.count) bytes)")
    }
    if let expect = interaction.expect {
      problems += expect.failures(for: response).map { "expect: \($0)" }
    }
    // The one line that explains the rest comes first: the target's error when the recording
    // had none or another (issue 27: `Object with ID ... does not exist` came last).
    if !problems.isEmpty, let cause = Self.cause(recorded: rj, actual: aj) {
      problems.insert(cause, at: 0)
    }
    return problems
  }

  /// The answer's body as JSON, decoded first when it is kept as it came with a gzip or
  /// deflate `Content-Encoding` (an imported recording): two recordings of the same JSON agree
  /// whatever their stored encoding (issue 27). `nil` when it is not JSON.
  static func json(of response: HTTPResponse) -> JSONValue? {
    var bytes = response.body
    let limit = 256 << 20
    switch response.headers["Content-Encoding"]?.lowercased() {
    case "gzip"?, "x-gzip"?:
      if Gzip.looksCompressed(bytes), let inflated = try? Gzip.decompress(bytes, limit: limit) {
        bytes = inflated
      }
    case "deflate"?:
      if let inflated = try? Gzip.inflateDeflateEncoding(bytes, limit: limit) { bytes = inflated }
    default: break
    }
    return try? JSONParser.parse(bytes)
  }

  /// `cause: the target answered error 803: (#803) Some of the aliases ...` when the target's
  /// answer is a Graph error the recording did not have (or had another of).
  static func cause(recorded: JSONValue?, actual: JSONValue?) -> String? {
    guard let error = actual?["error"], let message = error["message"]?.stringValue else {
      return nil
    }
    let code = error["code"]?.compactText ?? "?"
    if let old = recorded?["error"], old["message"]?.stringValue == message,
      old["code"]?.compactText == code
    {
      return nil
    }
    let shown = message.count > 160 ? String(message.prefix(157)) + "..." : message
    return "cause: the target answered error \(code): \(TerminalText.escaped(shown))"
  }

  /// The media types Graph sent one JSON answer as: `text/javascript` to a client that sent no
  /// `Accept` header, `application/json` to one that did (the public recordings; clients took
  /// both as JSON: AFNetworking #148, restler #72, tesla #13, yaade #151). **[choice]**: the
  /// emulator always sends `application/json`, and verify takes the two as the same.
  static let sameAsJSON: Set<String> = ["text/javascript", "application/json"]

  /// A media type as compared: either JSON type as `application/json`.
  static func comparable(_ type: String?) -> String? {
    guard let type, sameAsJSON.contains(type) else { return type }
    return "application/json"
  }

  /// `application/json; charset=UTF-8` → `application/json`.
  static func mediaType(_ value: String?) -> String? {
    guard let value else { return nil }
    return value.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
  }

  /// The message of an expired token's error (190/463) holds when the token expired and the
  /// time of the call, which differ from run to run as `created_time` does: two such messages
  /// are the same error.
  static func sameExpiry(_ difference: JSONDifference, _ recorded: JSONValue, _ actual: JSONValue)
    -> Bool
  {
    let prefix = "Error validating access token: Session has expired"
    guard difference.path.description == "error.message",
      recorded["error"]?["error_subcode"]?.numberValue?.intValue == 463,
      actual["error"]?["error_subcode"]?.numberValue?.intValue == 463,
      recorded["error"]?["message"]?.stringValue?.hasPrefix(prefix) == true,
      actual["error"]?["message"]?.stringValue?.hasPrefix(prefix) == true
    else { return false }
    return true
  }

  /// Two URLs (paging `next`, `previous`) that differ only in cursors and tokens.
  static func sameModuloVolatile(_ difference: JSONDifference) -> Bool {
    guard case .changed(let from, let to) = difference.change,
      let r = from.stringValue, let a = to.stringValue, let ru = URLParts(r), let au = URLParts(a),
      ru.path == au.path
    else { return false }
    func stable(_ parts: URLParts) -> [RequestKey.Pair] {
      RequestKey.pairs(parts.queryItems).filter { !volatileParameters.contains($0.name) }
    }
    return stable(ru) == stable(au)
  }
}
