import GraphAPI
import GraphCassette
import GraphEmulator

extension VerifyArguments {
  /// Whether dialog steps are replayed: the emulator and a loopback `serve` answer them.
  var followsDialogs: Bool {
    guard target != "emulator" else { return true }
    let host = URLParts(target)?.host.lowercased() ?? ""
    return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
  }

  /// The app secret `appsecret_proof` is recomputed with: the value given for an app-secret
  /// placeholder with `--secret`, else, on the emulator, its published secret.
  func appSecret() -> String? {
    let given = substitutions.first { Self.kind(of: $0.key) == .appSecret }
    if let given { return given.value }
    guard target == "emulator" else { return nil }
    return ((try? startingWorld()) ?? World.default).app.secret
  }

  /// What each placeholder of `cassette` is sent as, and a line per mapping saying which:
  /// `--secret` first; then a value the session mints (followed from the target's answer);
  /// on the emulator, a session the REPL recorded, a token the recording shows failing, its
  /// published app secret and app token, and its default test token.
  func mapping(for cassette: Cassette) -> (substitutions: [String: String], lines: [String]) {
    var out = substitutions
    var lines: [String] = []
    let world = (try? startingWorld()) ?? World.default
    let emulator = target == "emulator"
    var sessions: [String: RecordedSession] = [:]
    if emulator {
      for (_, session) in RecordedSession.all(in: cassette)
      where sessions[session.placeholder] == nil {
        sessions[session.placeholder] = session
      }
    }
    let minted = VerifyScope.mintedPlaceholders(in: cassette)
    let placeholders = VerifyScope.placeholders(in: cassette)
    let open = placeholders.filter {
      Self.kind(of: $0) == .accessToken && minted[$0] == nil && sessions[$0] == nil
    }
    // Read whenever a token is left open: it may be another person's, a Page's, or have held
    // what the default token lacks.
    let people = emulator && !open.isEmpty ? Self.peopleTokens(in: cassette, world: world) : [:]
    for placeholder in placeholders {
      let kind = Self.kind(of: placeholder)
      let foreign = Self.isForeign(placeholder)
      let mask = VerifyScope.isMask(placeholder)
      let name = mask ? Substring(placeholder) : placeholder.dropFirst().dropLast()
      let tail =
        mask
        ? " (another tool's mask where a secret goes; --secret '\(name)=VALUE' sends another)"
        : foreign ? " (another tool's placeholder; --secret \(name)=VALUE sends another)" : ""
      if out[placeholder] != nil {
        lines.append("\(placeholder) sent as the value given with --secret")
      } else if emulator, foreign, Self.namesAppID(placeholder) {
        out[placeholder] = world.app.id
        lines.append("\(placeholder) sent as the emulator's app id \(world.app.id)" + tail)
      } else if let index = minted[placeholder] {
        let summary = cassette.interactions[index].summary
        lines.append(
          "\(placeholder) followed: sent as what the target answers at #\(index + 1) \(summary), "
            + "where the recording's answer minted it")
      } else if kind == .appsecretProof, appSecret() != nil {
        lines.append(
          "\(placeholder) recomputed for the token each request sends, keyed with "
            + (emulator ? "the emulator's published app secret" : "the app secret given"))
      } else if let session = sessions[placeholder] {
        // Minted during verification (`EmulatorSessionMinter`), not mapped up front.
        let granted = session.permissions.joined(separator: ", ")
        lines.append(
          "\(placeholder) sent as a token the emulator mints for \(session.person) with "
            + "\(granted.isEmpty ? "no permission" : granted), as the recording's me?fields=id,permissions says"
        )
      } else if emulator, let named = world.testTokens.first(where: { $0.name == placeholder }) {
        // A world made `--from` a recording of several people names each person's token.
        out[placeholder] = named.token
        lines.append(
          "\(placeholder) sent as the world's token \(named.token) of \(named.pageID ?? named.userID ?? "?"), "
            + "named after it (graph-explorer world --from)")
      } else if let chosen = people[placeholder], chosen.kind == .page {
        out[placeholder] = chosen.token
        lines.append(
          "\(placeholder) sent as the emulator's Page token \(chosen.token) of "
            + "\(chosen.pageID ?? "?"): the Page the recording's answers show it acting as")
      } else if let chosen = people[placeholder] {
        out[placeholder] = chosen.token
        lines.append(
          "\(placeholder) sent as the emulator's test token \(chosen.token) of "
            + "\(chosen.userID ?? "?"): the person the recording's answers show, with what they show "
            + "it held")
      } else if emulator, kind == .accessToken,
        let failure = VerifyScope.recordedTokenFailure(of: placeholder, in: cassette)
      {
        let (token, what) = Self.failingToken(subcode: failure.subcode, message: failure.message)
        out[placeholder] = token
        lines.append("\(placeholder) sent as \(what) \(token): the recording's token failed so")
      } else if emulator, kind == .appSecret {
        out[placeholder] = world.app.secret
        lines.append("\(placeholder) sent as the emulator's published app secret" + tail)
      } else if emulator, TokenFamily(placeholder: placeholder) == .app {
        out[placeholder] = "\(world.app.id)|\(world.app.secret)"
        lines.append(
          "\(placeholder) sent as the emulator's app token (\(world.app.id)|app secret)" + tail)
      } else if emulator, kind == .accessToken,
        let use = Self.appTokenUse(of: placeholder, in: cassette, appID: world.app.id)
      {
        out[placeholder] = "\(world.app.id)|\(world.app.secret)"
        lines.append(
          "\(placeholder) sent as the emulator's app token (\(world.app.id)|app secret): the "
            + "recording first sends it to \(use), which takes an app token" + tail)
      } else if emulator, kind == .accessToken {
        out[placeholder] = world.defaultToken
        lines.append(
          "\(placeholder) sent as the emulator's default test token \(world.defaultToken)" + tail)
      } else {
        lines.append("\(placeholder) sent as it is (give a value with --secret \(name)=VALUE)")
      }
    }
    lines += Self.switchLines(tokenSwitches(for: cassette))
    return (out, lines)
  }

  /// The kind of secret a placeholder stands for: this tool's `<ACCESS_TOKEN_2>` by its
  /// family, another tool's (`<FACEBOOK_AD_TOKEN>`, `<CLIENT_SECRET>`, `<your app secret>`)
  /// by the words in its name. **[choice]**: a name with `PROOF` is a proof, with `SECRET` an
  /// app secret, with `CODE` a code, anything else an access token.
  static func kind(of placeholder: String) -> Secret.Kind? {
    // `<APP_ACCESS_TOKEN_1>`, `<PAGE_ACCESS_TOKEN_2>`: a token whose kind the name keeps.
    if TokenFamily(placeholder: placeholder) != nil { return .accessToken }
    let inner = placeholder.dropFirst().dropLast().uppercased()
    if let underscore = inner.lastIndex(of: "_"),
      let kind = Secret.Kind(rawValue: String(inner[..<underscore])),
      Int(inner[inner.index(after: underscore)...]) != nil
    {
      return kind
    }
    if inner.contains("PROOF") { return .appsecretProof }
    if inner.contains("SECRET") { return .appSecret }
    if inner.contains("SIGNED") { return .signedRequest }
    if inner.hasSuffix("CODE") { return .code }
    return .accessToken
  }

  /// Whether another tool's placeholder stands for the app's id (`<CLIENT_ID>`,
  /// `<FACEBOOK_APP_ID>`): an id, not a secret, which those tools hide alike. **[choice]**: by
  /// the words `CLIENT_ID`, `APP_ID`, `APPID` in its name.
  static func namesAppID(_ placeholder: String) -> Bool {
    let inner = placeholder.dropFirst().dropLast().uppercased()
    return ["CLIENT_ID", "APP_ID", "APPID", "CLIENTID"].contains { inner.hasSuffix($0) }
  }

  /// Whether `placeholder` is not one this tool writes (`<KIND_N>`).
  static func isForeign(_ placeholder: String) -> Bool {
    if TokenFamily(placeholder: placeholder) != nil { return false }
    let inner = placeholder.dropFirst().dropLast()
    guard let underscore = inner.lastIndex(of: "_"),
      Secret.Kind(rawValue: String(inner[..<underscore])) != nil,
      Int(inner[inner.index(after: underscore)...]) != nil
    else { return true }
    return false
  }

  /// Where the recording first sends `placeholder`, when that is an app's own edge
  /// (`/APPID/accounts/test-users`, `/APPID/...`) answered without an error: the token was
  /// the app token (`APPID|SECRET`, redacted whole). **[choice]**: no recording says more.
  static func appTokenUse(of placeholder: String, in cassette: Cassette, appID: String)
    -> String?
  {
    guard
      let first = cassette.interactions.first(where: { interaction in
        let request = interaction.request
        return request.url.contains(placeholder)
          || String(decoding: request.body, as: UTF8.self).contains(placeholder)
          || request.headers.contains { $0.value.contains(placeholder) }
      }), let parts = URLParts(first.request.url)
    else { return nil }
    var path = parts.pathComponents[...]
    if let head = path.first, head.hasPrefix("v"), head.contains(".") { path = path.dropFirst() }
    guard path.first == appID, first.response.status < 400 else { return nil }
    return "/" + path.joined(separator: "/")
  }

  /// The emulator's token that fails as a recorded one did (error 190): by `error_subcode`,
  /// else by the message (`Malformed access token`), else one it never issued (`Invalid OAuth
  /// access token.`); and how the mapping line names it.
  static func failingToken(subcode: Int?, message: String) -> (token: String, what: String) {
    let named: [Int: String] = [
      463: "expired", 460: "password-changed", 467: "logged-out", 458: "kofi",
    ]
    let name =
      subcode.flatMap { named[$0] }
      ?? (message.hasPrefix("Malformed access token") ? "malformed" : nil)
    if let name, let token = World.default.testTokens.first(where: { $0.name == name })?.token {
      return (token, "the emulator's test token \(name)")
    }
    return ("CAAEmuNeverIssued", "a token the emulator never issued")
  }
}
