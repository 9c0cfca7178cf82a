import GraphAPI
import GraphCassette
import GraphJSON

/// `diff`, `app`, `record`, `replay`.
extension REPL {
  /// The structural diff of two answers' JSON bodies.
  func diff(_ a: ExchangeReference?, _ b: ExchangeReference?) throws(ExplorerError) -> String {
    let new = try session.exchange(b ?? .last)
    let old: Exchange
    if let a {
      old = try session.exchange(a)
    } else {
      guard new.number > 1 else { throw .failed("diff needs two exchanges") }
      old = try session.exchange(.number(new.number - 1))
    }
    guard let left = old.json, let right = new.json else {
      throw .failed(
        "diff compares JSON answers; #\(old.json == nil ? old.number : new.number) is not JSON")
    }
    let result = JSONDiff.diff(left, right)
    let header = "--- #\(old.number) \(old.summary)\n+++ #\(new.number) \(new.summary)\n"
    guard !result.isEmpty else { return header + "no differences\n" }
    return header + JSONDiffRenderer(color: renderer.color).render(result)
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
      session.transport = session.baseTransport
      session.recorder = nil
      return "stopped: " + recorder.summary
    }
    guard session.recorder == nil else { throw .failed("already recording; 'record stop' first") }
    let recorder = try Backend.record(
      wrapping: session.transport, to: file, mode: mode,
      secrets: [session.appSecret].compactMap { $0 },
      publicValues: Backend.publicValues(of: session.transport))
    session.baseTransport = session.transport
    session.transport = recorder
    session.recorder = recorder
    return "recording to \(file) (mode \(recorder.mode.rawValue))"
  }

  /// Answers from the cassette `file`, or goes back to the emulator (`nil`).
  func replay(_ file: String?) throws(ExplorerError) -> String {
    guard session.recorder == nil else { throw .failed("recording; 'record stop' first") }
    guard let file else {
      guard let emulator = session.emulator else { throw .failed("no emulator to go back to") }
      session.transport = emulator
      session.baseTransport = emulator
      session.targetName = "emulator"
      return "target emulator"
    }
    do {
      let player = try CassettePlayer(file: file)
      session.transport = player
      session.baseTransport = player
      session.targetName = "replay"
      return "replaying \(file): \(player.cassette.interactions.count) interactions"
    } catch {
      throw .failed("\(error)")
    }
  }
}
