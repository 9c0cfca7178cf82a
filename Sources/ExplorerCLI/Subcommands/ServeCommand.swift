import Foundation
import GraphAPI
import GraphEmulator
import GraphServer

/// `graph-explorer serve`: the emulator, a replayed cassette, or a recording proxy on a local
/// HTTP port, for real clients and SDKs. See docs/serve.md.
enum ServeCommand {
  static let subcommand = Subcommand(
    summary: "serve the emulator or a cassette on a local HTTP port", usage: ServeOptions.usage,
    run: { arguments, console in await run(arguments, console: console) })

  static func run(_ arguments: [String], console: any Console) async -> ExitStatus {
    let options: ServeOptions
    let source: ServeSource
    let log: ServeLogWriter
    do throws(ServeOptions.UsageError) {
      options = try ServeOptions(parsing: arguments)
      if options.help {
        console.write(ServeOptions.usage.text)
        return .success
      }
      if options.defaultVersion != nil {
        switch options.source {
        case .emulator, .recordEmulator: break
        case .replay, .record:
          throw ServeOptions.UsageError(
            description: "--default-version applies to the emulator only")
        }
      }
      source = try ServeSource.make(
        options.source, maxAnswerBytes: options.maxAnswerBytes,
        defaultVersion: options.defaultVersion, secrets: options.secrets,
        matchers: options.matchers)
      log = try ServeLogWriter(options.log, console: console)
      if let throttle = options.throttle {
        guard let emulator = source.emulator else {
          throw ServeOptions.UsageError(description: "--throttle applies to the emulator only")
        }
        emulator.setThrottle(callsPerMinute: throttle)
      }
    } catch {
      console.errorLine(ErrorPresenter.subcommand("serve", "\(error)"))
      console.errorLine("try 'graph-explorer serve --help'")
      return .usage
    }
    let configuration = configuration(options, log: log)
    let server = GraphServer(transport: source.transport, configuration: configuration)
    // Signals are caught from here on, so a signal right after the URL is printed still stops
    // the server gracefully.
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    do {
      try server.start()
    } catch {
      signals.cancel()
      console.errorLine(ErrorPresenter.subcommand("serve", "\(error)"))
      return .failure
    }
    console.line("graph-explorer: serving \(source.description) on \(server.url ?? "?")")
    if !options.isLoopback {
      console.errorLine(
        "graph-explorer: warning: \(options.host) is not loopback: other machines can reach this server"
      )
    }
    let signal = await signals.wait()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        server.stop()
        done.resume()
      }.start()
    }
    log.flush()
    console.errorLine("graph-explorer: stopped (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))")
    return .success
  }

  /// The server's configuration for `options`: the log through `log`. A recording proxy's
  /// calls run on the I/O thread too (no thread switch per request, issue 48): its transfers
  /// wait on threads of their own, a large answer is decoded there and recorded off the I/O
  /// thread (`CassetteRecorder.offThreadBytes`), so it never holds other connections.
  static func configuration(_ options: ServeOptions, log: ServeLogWriter)
    -> GraphServer.Configuration
  {
    var configuration = GraphServer.Configuration(host: options.host, port: options.port)
    if log.isEnabled {
      configuration.accessLog = { entry in log.record(entry) }
      configuration.accessLogFlush = { log.flush() }
    }
    return configuration
  }
}
