import Foundation
import GraphAPI

/// A small HTTP/1.1 server that puts any `GraphTransport` on a TCP port, so real clients and
/// SDKs can talk to the emulator or to a replayed cassette.
///
/// Each request becomes an `HTTPRequest` with an absolute URL (`http://` + the `Host` header +
/// the target, exactly as sent) and goes to the transport; its `HTTPResponse` is written back
/// with the transport's headers and a `Content-Length`. A transport that throws is answered
/// 502 with a Graph-style error body. Requests the server cannot accept are answered 400, 408,
/// 413, 414, 417, 431, 501 or 505 and the connection is closed.
///
/// A few I/O threads (`Configuration.ioThreads`) serve the connections with non-blocking
/// sockets; each connection stays on one thread. Transport calls run as tasks on that thread's
/// executor: an answer that is ready at once costs no thread switch, and
/// one that waits (the network) suspends without holding the thread. A transport should
/// therefore not block its thread for long (brief locks and small file writes are fine).
///
/// ```swift
/// let server = GraphServer(transport: emulator)
/// let port = try server.start()   // port 0 by default: a free one
/// ...
/// server.stop()                   // in-flight requests are answered first
/// ```
public final class GraphServer: Sendable {
  /// What the server answers with.
  public let transport: any GraphTransport
  /// Where it listens and its limits.
  public let configuration: Configuration
  let state = Locked(State())

  struct State: Sendable {
    var loops: [ServerLoop] = []
    var listener: Int32?
    var port: Int?
    var started = false
    /// Round-robin over the loops for `adopt`.
    var nextAdoption = 0
  }

  public init(transport: any GraphTransport, configuration: Configuration = Configuration()) {
    self.transport = transport
    self.configuration = configuration
  }

  /// Binds, starts serving on a background thread and returns the port listened on.
  /// - Throws: `GraphServerError` when the host does not resolve, the port is taken, or the
  ///   server was already started.
  @discardableResult
  public func start() throws(GraphServerError) -> Int {
    try start(listening: true)
  }

  /// Starts serving only the connections handed over with `adopt`, listening on no port.
  /// - Throws: `GraphServerError` when the server was already started.
  public func startWithoutListening() throws(GraphServerError) {
    _ = try start(listening: false)
  }

  private func start(listening: Bool) throws(GraphServerError) -> Int {
    guard configuration.maxConnections > 0 else {
      throw .invalidConfiguration("maxConnections must be at least 1")
    }
    try state.withLock { state throws(GraphServerError) in
      guard !state.started else { throw .alreadyStarted }
      state.started = true
    }
    let (fd, port): (Int32?, Int) =
      listening
      ? try Socket.listen(host: configuration.host, port: configuration.port, backlog: 1024)
      : (nil, 0)
    let threads = max(1, configuration.ioThreads)
    var loops: [ServerLoop] = []
    let budget = ByteBudget(limit: configuration.maxBodyBytesInFlight)
    let answerBudget = ByteBudget(limit: configuration.maxAnswerBytesInFlight)
    do {
      for _ in 0..<threads {
        loops.append(
          try ServerLoop(
            transport: transport, configuration: configuration, listener: fd, budget: budget,
            answerBudget: answerBudget,
            maxConnections: max(1, (configuration.maxConnections + threads - 1) / threads),
            fallbackAuthority: Self.authority(host: configuration.host, port: port)))
      }
    } catch {
      if let fd { Socket.close(fd) }
      throw error
    }
    state.withLock {
      $0.loops = loops
      $0.listener = fd
      $0.port = listening ? port : nil
    }
    for loop in loops { loop.start() }
    return port
  }

  /// Stops accepting connections, lets in-flight requests finish (up to
  /// `shutdownGracePeriod`), closes every connection, and returns when all of that is done.
  /// Does nothing on a server that is not running.
  public func stop() {
    let loops = state.withLock { $0.loops }
    for loop in loops { loop.requestStop() }
    for loop in loops { loop.finished.wait() }
    let listener = state.withLock { state in
      defer { state.listener = nil }
      return state.listener
    }
    if let listener { Socket.close(listener) }
  }

  /// The port listened on, once started.
  public var port: Int? { state.withLock { $0.port } }

  /// `http://host:port`, once started (IPv6 hosts in brackets).
  public var url: String? {
    port.map { "http://" + Self.authority(host: configuration.host, port: $0) }
  }

  static func authority(host: String, port: Int) -> String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }
}
