import Foundation
import GraphAPI
import GraphServer

/// `graph-explorer serve`: the emulator, a replayed cassette, or a recording proxy on a local
/// HTTP port, for real clients and SDKs. See docs/serve.md.
enum ServeCommand {
  static let subcommand = Subcommand(
    name: "serve", summary: "serve the emulator or a cassette on a local HTTP port",
    run: { arguments, console in await run(arguments, console: console) })

  static func run(_ arguments: [String], console: any Console) async -> ExitStatus {
    let options: ServeOptions
    let source: ServeSource
    do throws(ServeOptions.UsageError) {
      options = try ServeOptions(parsing: arguments)
      if options.help {
        console.line(ServeOptions.usage)
        return .success
      }
      source = try ServeSource.make(options.source)
    } catch {
      console.errorLine("graph-explorer serve: \(error)")
      console.errorLine("(see graph-explorer serve --help)")
      return .usage
    }
    let configuration = GraphServer.Configuration(
      host: options.host, port: options.port,
      accessLog: { entry in console.errorLine(ServeLog.line(entry)) })
    let server = GraphServer(transport: source.transport, configuration: configuration)
    // Signals are caught from here on, so a signal right after the URL is printed still stops
    // the server gracefully.
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    do {
      try server.start()
    } catch {
      signals.cancel()
      console.errorLine("graph-explorer serve: \(error)")
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
    console.errorLine("graph-explorer: stopped (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))")
    return .success
  }
}

/// Waits for the first of some signals, delivered through Dispatch signal sources (so no
/// work happens in a signal handler). After the first one, the signals get their default
/// action back: a second Ctrl-C ends the process at once.
final class SignalWaiter: @unchecked Sendable {
  private let lock = NSLock()
  private let watched: [Int32]
  private var sources: [any DispatchSourceSignal] = []
  private var received: Int32?
  private var continuation: CheckedContinuation<Int32, Never>?

  init(signals: [Int32]) {
    watched = signals
    let queue = DispatchQueue(label: "graph-explorer.signals")
    for number in signals {
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [weak self] in self?.fire(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// The first signal received (waiting for it if none has arrived yet).
  func wait() async -> Int32 {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let received {
        lock.unlock()
        continuation.resume(returning: received)
      } else {
        self.continuation = continuation
        lock.unlock()
      }
    }
  }

  /// Stops watching and gives the signals their default action back.
  func cancel() {
    let sources = lock.withLock {
      defer { self.sources = [] }
      return self.sources
    }
    for source in sources { source.cancel() }
    for number in watched { Foundation.signal(number, SIG_DFL) }
  }

  private func fire(_ number: Int32) {
    let waiting: CheckedContinuation<Int32, Never>? = lock.withLock {
      guard received == nil else { return nil }
      received = number
      defer { continuation = nil }
      return continuation
    }
    cancel()
    waiting?.resume(returning: number)
  }
}
