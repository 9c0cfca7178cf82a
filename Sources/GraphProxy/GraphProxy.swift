import Foundation
import GraphAPI
import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 forward proxy that answers Facebook's hosts from a `GraphTransport` (the
/// emulator, a cassette, a recording), so an app or SDK reaches them unchanged, through
/// `HTTPS_PROXY` or a system proxy setting.
///
/// `CONNECT host:443` for a host in `GraphHosts` is answered 200, then TLS is terminated with
/// a leaf for that host (SNI picks it) issued by the local `CertificateAuthority`, and the
/// decrypted connection is handed to a `GraphServer` (`adopt`), which parses, limits, logs
/// and answers its requests exactly as `serve` does, with `https://host/...` URLs. Plain
/// `http://` requests in absolute form go to the same server. Any other host gets a 502
/// naming it and nothing leaves the machine, unless `Configuration.passThrough` tunnels it.
///
/// Each client connection has a thread of its own (a proxy serves one developer's app): it
/// reads the first request, does the handshake, then carries bytes between TLS and the server.
public final class GraphProxy: Sendable {
  /// The server that answers the decrypted requests.
  public let server: GraphServer
  public let configuration: Configuration
  let contexts: TLSContexts
  let state = Locked(State())
  let threads = DispatchGroup()

  /// What the accept thread, the client threads and `start`/`stop` share.
  struct State {
    /// Client sockets and what they are doing, for `stop`.
    var active: [Int32: Phase] = [:]
    var stopping = false
    var listener: Int32?
    var boundPort: Int?
    var wake: (read: Int32, write: Int32)?
  }

  enum Phase {
    /// Reading the first request or doing the TLS handshake.
    case opening
    /// Carrying bytes between TLS and the server, which stops them.
    case relaying
    /// A pass-through tunnel.
    case tunnel
  }

  /// Where the proxy listens and what it lets through.
  public struct Configuration: Sendable {
    /// The address to listen on: loopback by default.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Whether hosts the proxy does not answer are let through: `CONNECT` as a blind tunnel,
    /// plain http through the pass-through transport.
    public var passThrough: Bool
    /// How long a client has for its first request and the TLS handshake.
    public var handshakeTimeout: Duration
    /// The most client connections served at once; more wait in the listen backlog.
    public var maxConnections: Int

    public init(
      host: String = "127.0.0.1", port: Int = 0, passThrough: Bool = false,
      handshakeTimeout: Duration = .seconds(10), maxConnections: Int = 512
    ) {
      self.host = host
      self.port = port
      self.passThrough = passThrough
      self.handshakeTimeout = handshakeTimeout
      self.maxConnections = maxConnections
    }
  }

  /// - Parameters:
  ///   - transport: what answers Facebook's hosts.
  ///   - serverConfiguration: the limits, timeouts and access log of the requests (its host
  ///     and port are not used: the server listens on no port of its own).
  ///   - passThroughTransport: with `configuration.passThrough`, where plain-http requests for
  ///     other hosts go.
  public init(
    transport: any GraphTransport, serverConfiguration: GraphServer.Configuration,
    authority: CertificateAuthority, configuration: Configuration = Configuration(),
    passThroughTransport: (any GraphTransport)? = nil
  ) {
    let pass = configuration.passThrough ? passThroughTransport : nil
    let policed: any GraphTransport
    if pass == nil, let immediate = transport as? any ImmediateGraphTransport {
      policed = PolicedImmediateTransport(inner: immediate)
    } else {
      policed = PolicedTransport(inner: transport, passThrough: pass)
    }
    server = GraphServer(transport: policed, configuration: serverConfiguration)
    self.configuration = configuration
    contexts = TLSContexts(authority: authority)
  }

  /// Starts the server and listens; returns the port. Sets SIGPIPE to ignored for the
  /// process: OpenSSL writes to a client's socket with `write(2)`, which would otherwise end
  /// the process when a client goes away in the middle of an answer.
  @discardableResult
  public func start() throws(ProxyError) -> Int {
    signal(SIGPIPE, SIG_IGN)
    let started: Bool = state.withLock { $0.listener != nil || $0.stopping }
    guard !started else { throw .alreadyStarted }
    let (fd, port): (Int32, Int)
    do {
      (fd, port) = try Socket.listen(
        host: configuration.host, port: configuration.port, backlog: 1024)
      try server.startWithoutListening()
    } catch {
      throw .listen(error)
    }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      Socket.close(fd)
      server.stop()
      throw .socketFailed(call: "pipe", address: configuration.host, errno: errno)
    }
    let ends = (read: pipeEnds[0], write: pipeEnds[1])
    state.withLock {
      $0.listener = fd
      $0.boundPort = port
      $0.wake = ends
    }
    threads.enter()
    let thread = Thread { [self] in
      acceptLoop(listener: fd, wake: ends.read)
      threads.leave()
    }
    thread.name = "GraphProxy accept"
    thread.start()
    return port
  }

  /// The port listened on, once started.
  public var port: Int? { state.withLock { $0.boundPort } }

  /// `http://host:port`: what `HTTPS_PROXY` is set to.
  public var url: String? {
    port.map {
      "http://"
        + (configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host)
        + ":\($0)"
    }
  }

  /// Stops accepting, ends handshakes and tunnels, lets the server answer the requests it has
  /// (with `Connection: close`), and returns when every connection is closed.
  public func stop() {
    let wakeWrite: Int32? = state.withLock { state in
      guard !state.stopping else { return nil }
      state.stopping = true
      for (fd, phase) in state.active where phase != .relaying { Socket.shutdownBoth(fd) }
      return state.wake?.write
    }
    guard let wakeWrite else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    server.stop()
    threads.wait()
    state.withLock { state in
      if let listener = state.listener { Socket.close(listener) }
      if let wake = state.wake {
        Socket.close(wake.read)
        Socket.close(wake.write)
      }
      state.listener = nil
      state.wake = nil
    }
  }

  private func acceptLoop(listener: Int32, wake: Int32) {
    while true {
      let (stop, full) = state.withLock {
        ($0.stopping, $0.active.count >= configuration.maxConnections)
      }
      if stop { return }
      var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
      if !full { fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
      _ = Socket.poll(&fds, timeout: full ? 50 : 1000)
      guard fds.count == 2, fds[1].revents != 0 else { continue }
      while case .accepted(let fd) = Socket.accept(listener) {
        let admitted = state.withLock { state in
          guard !state.stopping else { return false }
          state.active[fd] = .opening
          return true
        }
        guard admitted else {
          Socket.close(fd)
          return
        }
        ProxySocket.makeBlocking(fd, timeout: configuration.handshakeTimeout)
        threads.enter()
        let thread = Thread { [self] in
          serveClient(fd)
          state.withLock { $0.active[fd] = nil }
          threads.leave()
        }
        thread.name = "GraphProxy client"
        thread.start()
        if state.withLock({ $0.active.count >= configuration.maxConnections }) { break }
      }
    }
  }

  /// Records what a client's connection does now; `false` when the proxy is stopping.
  func setPhase(_ fd: Int32, _ phase: Phase) -> Bool {
    state.withLock { state in
      guard !state.stopping else { return false }
      state.active[fd] = phase
      return true
    }
  }
}
