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
/// One event-loop thread (`ProxyLoop`, built as `serve`'s shell is) holds every client: the
/// head of its first request and the TLS handshake each have a deadline, at most
/// `maxConnections` clients are held, and TLS runs on memory BIOs so nothing blocks.
public final class GraphProxy: Sendable {
  /// The server that answers the decrypted requests.
  public let server: GraphServer
  public let configuration: Configuration
  let authority: CertificateAuthority
  let state = Locked(State())

  struct State {
    var loop: ProxyLoop?
    var started = false
    var port: Int?
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
    /// How long a client has for the head of its first request, and again for the TLS
    /// handshake: deadlines, however the bytes trickle in.
    public var handshakeTimeout: Duration
    /// The most client connections held at once. At the cap a new client is accepted at once
    /// and the still-opening client (head, handshake) heard from longest ago gives up its slot;
    /// with every slot served, it waits in the listen backlog.
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
    self.authority = authority
  }

  /// Starts the server and listens; returns the port.
  @discardableResult
  public func start() throws(ProxyError) -> Int {
    try state.withLock { state throws(ProxyError) in
      guard !state.started else { throw .alreadyStarted }
      state.started = true
    }
    guard configuration.maxConnections > 0 else {
      throw .listen(.invalidConfiguration("maxConnections must be at least 1"))
    }
    let context = try TLSContext(authority: authority)
    let (fd, port): (Int32, Int)
    do {
      (fd, port) = try Socket.listen(
        host: configuration.host, port: configuration.port, backlog: 1024)
      try server.startWithoutListening()
    } catch {
      throw .listen(error)
    }
    let loop: ProxyLoop
    do {
      loop = try ProxyLoop(
        server: server, configuration: configuration, context: context, listener: fd)
    } catch {
      Socket.close(fd)
      server.stop()
      throw error
    }
    state.withLock {
      $0.loop = loop
      $0.port = port
    }
    loop.start()
    return port
  }

  /// The port listened on, once started.
  public var port: Int? { state.withLock { $0.port } }

  /// `http://host:port`: what `HTTPS_PROXY` is set to.
  public var url: String? {
    port.map {
      "http://"
        + (configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host)
        + ":\($0)"
    }
  }

  /// Stops accepting, closes clients still opening and tunnels, lets the server answer the
  /// requests it has (with `Connection: close`), and returns when every connection is closed.
  public func stop() {
    let loop: ProxyLoop? = state.withLock { state in
      defer { state.loop = nil }
      return state.loop
    }
    guard let loop else { return }
    loop.requestStop()
    server.stop()
    loop.finished.wait()
    Socket.close(loop.listener)
  }
}
