import Foundation
import GraphAPI
import GraphEmulator
import GraphLive
import GraphProxy

/// `graph-explorer proxy`: an HTTPS proxy that answers Facebook's hosts from the emulator, a
/// cassette or a recording, for apps and SDKs that cannot be pointed at `serve`. A subcommand
/// of its own rather than `serve --proxy`: it has its own port, certificate authority and
/// options (`--ca`, `--pass-through`), and answers by host where `serve` answers any path.
/// See docs/serve.md.
enum ProxyCommand {
  static let subcommand = Subcommand(
    summary: "an HTTPS proxy answering Facebook's hosts from the emulator",
    usage: ProxyOptions.usage,
    run: { arguments, console in await run(arguments, console: console) })

  static func run(_ arguments: [String], console: any Console) async -> ExitStatus {
    let options: ProxyOptions
    do throws(ServeOptions.UsageError) {
      options = try ProxyOptions(parsing: arguments)
    } catch {
      return usageError("\(error)", console: console)
    }
    if options.serve.help {
      console.write(ProxyOptions.usage.text)
      return .success
    }
    guard
      let folder = options.authorityFolder
        ?? CertificateAuthority.defaultFolder(environment: console.environment)
    else {
      return usageError(
        "no folder for the certificate authority: set XDG_STATE_HOME or HOME, or give --ca-dir",
        console: console)
    }
    let authority: CertificateAuthority
    do {
      authority = try CertificateAuthority.loadOrCreate(folder: folder)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("proxy", "\(error)"))
      return .failure
    }
    if options.showAuthority {
      console.line(
        ProxyTrustGuide.text(certificate: authority.certificatePath, port: options.serve.port))
      return .success
    }
    let source: ServeSource
    let log: ServeLogWriter
    do throws(ServeOptions.UsageError) {
      source = try makeSource(options)
      log = try ServeLogWriter(options.serve.log, console: console)
      if let throttle = options.serve.throttle {
        guard let emulator = (source.transport as? ProxyPictures)?.emulator else {
          throw ServeOptions.UsageError(description: "--throttle applies to the emulator only")
        }
        emulator.setThrottle(callsPerMinute: throttle)
      }
    } catch {
      return usageError("\(error)", console: console)
    }
    let proxy = GraphProxy(
      transport: source.transport,
      serverConfiguration: ServeCommand.configuration(options.serve, log: log),
      authority: authority,
      configuration: GraphProxy.Configuration(
        host: options.serve.host, port: options.serve.port, passThrough: options.passThrough),
      passThroughTransport: options.passThrough
        ? CurlTransport(ignoresProxyEnvironment: true) : nil)
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    do {
      try proxy.start()
    } catch {
      signals.cancel()
      console.errorLine(ErrorPresenter.subcommand("proxy", "\(error)"))
      return .failure
    }
    console.line(
      "graph-explorer: proxying Facebook's hosts to \(source.description) on \(proxy.url ?? "?")")
    console.errorLine(
      "graph-explorer: clients must trust the CA \(authority.certificatePath) (graph-explorer proxy --ca says how)"
    )
    if !options.serve.isLoopback {
      console.errorLine(
        "graph-explorer: warning: \(options.serve.host) is not loopback: other machines can use this proxy"
      )
    }
    let signal = await signals.wait()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        proxy.stop()
        done.resume()
      }.start()
    }
    log.flush()
    console.errorLine("graph-explorer: stopped (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))")
    return .success
  }

  /// The emulator or cassette as `serve` makes them (with its `--default-version`,
  /// `--deterministic-secrets` and `--max-answer-bytes`); a recording to each request's own
  /// host.
  static func makeSource(_ options: ProxyOptions) throws(ServeOptions.UsageError)
    -> ServeSource
  {
    if options.serve.defaultVersion != nil {
      guard case .emulator = options.serve.source else {
        throw ServeOptions.UsageError(description: "--default-version applies to the emulator only")
      }
    }
    guard case .record(let cassette, _) = options.serve.source else {
      var source = try ServeSource.make(
        options.serve.source, maxAnswerBytes: options.serve.maxAnswerBytes,
        defaultVersion: options.serve.defaultVersion, secrets: options.serve.secrets,
        matchers: options.serve.matchers)
      if let emulator = source.transport as? GraphEmulator {
        source.transport = ProxyPictures(emulator: emulator)
      }
      return source
    }
    return try ProxyRecording.transport(
      cassette: cassette, upstreamOverride: options.upstreamOverride,
      caBundle: options.upstreamCA, maxAnswerBytes: options.serve.maxAnswerBytes)
  }

  private static func usageError(_ message: String, console: any Console) -> ExitStatus {
    console.errorLine(ErrorPresenter.subcommand("proxy", message))
    console.errorLine("try 'graph-explorer proxy --help'")
    return .usage
  }
}
