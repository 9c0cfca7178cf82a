import Foundation
import GraphAPI

/// `graph-explorer ui`: the Graph API Explorer as a web page on 127.0.0.1, over a REPL session
/// on the emulator, a cassette or a target URL. See docs/ui.md.
enum UICommand {
  static func run(_ arguments: [String], console: any Console) async -> ExitStatus {
    let options: UIOptions
    let backend: Backend
    do {
      options = try UIOptions(parsing: arguments)
      if options.help {
        console.write(UIOptions.usage.text)
        return .success
      }
      backend = try Backend.make(options.repl)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("ui", "\(error)"))
      console.errorLine("try 'graph-explorer ui --help'")
      return .usage
    }
    let token = console.environment["FB_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let controller = UIController(session: backend.session(token: token))
    let transport = UITransport(controller: controller, key: randomKey())
    let ui = UIServer(transport: transport, port: options.port)
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    do {
      try ui.server.start()
    } catch {
      signals.cancel()
      console.errorLine(ErrorPresenter.subcommand("ui", "\(error)"))
      return .failure
    }
    let target = controller.session.targetName
    console.line("graph-explorer: the Graph API Explorer (\(target)) on \(ui.server.url ?? "?")/")
    let signal = await ui.runUntilSignalled(signals)
    transport.finish()
    console.errorLine("graph-explorer: stopped (\(signal))")
    return .success
  }

  static let subcommand = Subcommand(
    summary: "the Graph API Explorer as a web page on 127.0.0.1", usage: UIOptions.usage,
    run: { arguments, console in await run(arguments, console: console) })

  /// 128 random bits as hex: this run's key, which the page carries and the API asks for.
  static func randomKey() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
