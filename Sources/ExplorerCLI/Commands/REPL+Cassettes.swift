import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// `diff`, `app`, `record`, `replay`, `verify`.
extension REPL {
  /// The structural diff of two answers' JSON bodies, or of an answer and a JSON file, in the
  /// form the options ask for: a listing under a `---`/`+++` header, a JSON Patch or a merge
  /// patch (bare JSON, ready for `> file`).
  func diff(
    _ a: ExchangeReference?, _ b: DiffREPLCommand.Side?, _ arguments: DiffArguments
  ) throws(ExplorerError) -> [Output] {
    let old: Exchange
    let right: JSONValue
    let newName: String
    switch b {
    case .file(let path):
      guard path != "-" else { throw .failed("diff compares with a file here, not standard input") }
      old = try session.exchange(a ?? .last)
      do {
        right = try JSONFile.load(path, console: console)
      } catch {
        throw .failed(error.description)
      }
      newName = path
    case .exchange(let ref):
      let new = try session.exchange(ref)
      old = try session.exchange(a ?? .last)
      right = try json(of: new)
      newName = "#\(new.number) \(new.summary)"
    case nil:
      let new = try session.exchange(.last)
      if let a {
        old = try session.exchange(a)
      } else {
        guard new.number > 1 else { throw .failed("diff needs two exchanges") }
        old = try session.exchange(.number(new.number - 1))
      }
      right = try json(of: new)
      newName = "#\(new.number) \(new.summary)"
    }
    let left = try json(of: old)
    let rendering = arguments.render(
      old: left, new: right, color: arguments.color ?? renderer.color)
    if let warning = rendering.warning { console.errorLine(ErrorPresenter.safe(warning)) }
    guard arguments.output == .listing else { return [.text(rendering.text)] }
    let header = "--- #\(old.number) \(old.summary)\n+++ \(newName)\n"
    return [.text(header + (rendering.isEqual ? "no differences\n" : rendering.text))]
  }

  /// The JSON body of `exchange`.
  /// - Throws: `.failed` when it is not JSON.
  private func json(of exchange: Exchange) throws(ExplorerError) -> JSONValue {
    guard let json = exchange.json else {
      throw .failed("diff compares JSON answers; #\(exchange.number) is not JSON")
    }
    return json
  }

  func app(_ setting: Command.AppSetting) throws(ExplorerError) -> Output {
    switch setting {
    case .show:
      guard let id = session.appID else { return .text("no app\n") }
      return .text("app \(id)" + (session.appSecret != nil ? " (appsecret_proof on)\n" : "\n"))
    case .set(let id, let secret):
      session.appID = id
      session.appSecret = secret
      return .note("app \(id)" + (secret != nil ? ": appsecret_proof on" : ""))
    case .clear:
      session.appID = nil
      session.appSecret = nil
      return .note("app cleared")
    }
  }

  /// Starts recording into `file` (wrapping the current transport), or stops (`nil`).
  func record(_ file: String?, mode: String?) throws(ExplorerError) -> String {
    guard let file else {
      guard let recorder = session.recorder else { throw .failed("not recording") }
      session.recorder = nil
      return "stopped: " + recorder.summary
    }
    guard session.recorder == nil else { throw .failed("already recording; 'record stop' first") }
    let recorder = try Backend.record(
      wrapping: session.target.transport, to: file, mode: mode,
      secrets: [session.appSecret].compactMap { $0 },
      publicValues: Backend.publicValues(of: session.target.transport))
    session.recorder = recorder
    return Self.recordingNote(recorder, target: session.target)
  }

  /// Starts a recording begun mid-session with whose the session's token is and what it was
  /// granted (issue 42): `GET me?fields=id,permissions` with the token, the trace `login` and
  /// `grant` leave, so `verify` mints a token of that person with those permissions on a fresh
  /// emulator instead of sending the default user's (a `grant publish_actions` made before
  /// `record` had drifted to 403). Nothing when the session has no token or the recorder only
  /// replays, on a target other than the emulator, or with one of the emulator's published test
  /// tokens (recorded as it is, it means the same on a fresh emulator); a failed look-up is left
  /// out (the recording goes on without it).
  func recordSessionIdentity() async {
    guard let recorder = session.recorder, recorder.isRecording, let token = session.token,
      case .emulator = session.target,
      !Backend.publicValues(of: session.target.transport).contains(token)
    else { return }
    let trace = session.meRequest(fields: "id,permissions", token: token)
    _ = try? await session.transport(for: .trace).send(trace)
  }

  /// Starts a recording begun mid-session on the emulator with the session's earlier writes
  /// that succeeded (issue 42, item 7): each `POST` or `DELETE` the history still keeps, in
  /// order, as it was sent and answered (not sent again), so a later request that reads or
  /// writes what they made (`GET $pid`, `POST $pid/comments`) verifies against a fresh
  /// emulator, where `verify` replays them and follows the ids they mint. **[choice]**: every
  /// kept write, not only those a later request turns out to use (not known when `record`
  /// begins); writes the history no longer keeps are not there. The number recorded, or nil.
  func recordEarlierWrites() -> Int? {
    guard let recorder = session.recorder, recorder.isRecording, case .emulator = session.target
    else { return nil }
    var count = 0
    for exchange in session.history
    where exchange.succeeded && GraphMethod(name: exchange.request.method) != .get {
      do throws(CassetteError) {
        try recorder.recordEarlier(exchange.request, exchange.response)
        count += 1
      } catch {
        console.errorLine(ErrorPresenter.safe("record: #\(exchange.number) left out: \(error)"))
      }
    }
    return count
  }

  /// What `record` will do, by mode and by whether the cassette exists, naming the target that
  /// answers what is recorded.
  static func recordingNote(_ recorder: CassetteRecorder, target: Target) -> String {
    let file = recorder.file
    let mode = recorder.mode.rawValue
    let count = recorder.currentCassette.interactions.count
    let interactions = count == 1 ? "1 interaction" : "\(count) interactions"
    let where_ = target.phrase
    switch recorder.mode {
    case .once where !recorder.isRecording:
      return "\(file) exists (\(interactions)): mode once replays it and records nothing;"
        + " a request it lacks is an error (record \(file) --mode new_episodes adds to it)"
    case .none:
      return "replaying \(file) (mode none): \(interactions), nothing recorded"
    case .newEpisodes where count > 0:
      return "recording to \(file) (mode \(mode)): replays its \(interactions), new"
        + " requests go to \(where_) and are added"
    case .all where count > 0:
      return "recording to \(file) (mode all): every request goes to \(where_); the cassette's"
        + " \(interactions) \(count == 1 ? "is" : "are") replaced"
    default:
      return "recording to \(file) (mode \(mode)): requests go to \(where_) and are recorded"
    }
  }

  /// Answers from the cassette `file`, or goes back to the emulator (`nil`): the session's
  /// own, or a new one on the session's world when it started with `--replay`.
  func replay(_ file: String?) throws(ExplorerError) -> String {
    guard session.recorder == nil else { throw .failed("recording; 'record stop' first") }
    guard let file else {
      session.targetEmulator()
      return "target emulator"
    }
    do {
      // Read whole (not as it replays, as `--replay` reads it): the count is said at once, and
      // a broken file refused at once.
      let player = CassettePlayer(cassette: try Cassette.loadAnyFormat(path: file))
      session.target = .replay(file: file, player: player)
      return "replaying \(file): \(player.cassette.interactions.count) interactions"
    } catch {
      throw .failed("\(error)")
    }
  }
}

extension REPL {
  /// `verify <cassette>... [--target ...] [--ignore ...]`: re-sends each cassette's requests
  /// to a fresh target (the emulator by default) and reports drift per interaction, as
  /// `graph-explorer verify` does; drift makes a script exit 1.
  func verify(_ arguments: [String]) async throws(ExplorerError) -> String {
    let parsed: VerifyArguments
    do {
      parsed = try VerifyArguments.parse(arguments)
    } catch {
      throw .failed("verify: \(error.description)")
    }
    if parsed.help { return try HelpText.render(topic: "verify", renderer: renderer) }
    guard !parsed.files.isEmpty else { throw CommandParser.usage("verify") }
    var text = ""
    for (n, file) in parsed.files.enumerated() {
      let report: VerificationReport
      do {
        report = try await parsed.verify(file)
      } catch {
        throw .failed("verify: \(error)")
      }
      if n > 0 { text += "\n" }
      text +=
        "\(file) against \(parsed.targetDescription):\n\(report.text(keeping: World.publicTestTokens))\n"
      if report.hasDrift { failed = true }
    }
    return text
  }
}
