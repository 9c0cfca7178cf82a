import Foundation
import GraphAPI
import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The proxy's socket shell, built as `serve`'s is: one thread waits on every client socket
/// with one `EventPoller`, nothing it calls blocks (TLS runs on memory BIOs), and each client
/// has a deadline for what it waits for: `handshakeTimeout` for the head of its first request
/// and again for the TLS handshake (deadlines, not per-call timeouts: a byte now and then does
/// not extend them), `writeTimeout` for a client that stops reading its answer. At most
/// `maxConnections` clients are held; at the cap a waiting client is accepted at once and the
/// still-opening client heard from longest ago gives it its slot (ProxyLoop+Capacity). What a
/// client may make the proxy hold is bounded too: a head up to the server's limits, one read
/// (64 KiB) ahead in each direction.
///
/// `@unchecked Sendable`: what other threads touch is in `shared` or `let`; the `var`s below
/// it belong to the loop thread alone.
final class ProxyLoop: @unchecked Sendable {
  let server: GraphServer
  let configuration: GraphProxy.Configuration
  let context: TLSContext
  let listener: Int32
  let finished = DispatchGroup()
  let poller: EventPoller
  private let wakeRead: Int32
  private let wakeWrite: Int32
  let shared = Locked(Shared())

  struct Shared {
    var stopRequested = false
    /// Pass-through look-ups finished on other threads: the client and its addresses (or why
    /// there are none).
    var resolved: [(id: UInt64, addresses: Result<[SocketAddress], ProxyError>)] = []
    var ended = false
  }

  // Owned by the loop thread.
  var clients: [UInt64: ProxyClient] = [:]
  private var nextID: UInt64 = 0
  var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  private var listening = false
  private var stopping = false
  private var stopDeadline: UInt64 = 0
  private var acceptPausedUntil: UInt64 = 0
  /// When the present batch of events was taken: what a client read in it was heard then.
  var batchTime: UInt64 = 0

  /// A client's buffers hold at most about this much before the side filling them waits.
  static let readAhead = 64 * 1024
  private static let wakeToken: UInt64 = 0
  private static let listenerToken: UInt64 = .max

  init(
    server: GraphServer, configuration: GraphProxy.Configuration, context: TLSContext,
    listener: Int32
  ) throws(ProxyError) {
    guard let pipe = Socket.pipe() else {
      throw .socketFailed(call: "pipe", address: configuration.host, errno: errno)
    }
    guard let poller = EventPoller() else {
      Socket.close(pipe.read)
      Socket.close(pipe.write)
      throw .socketFailed(call: "epoll_create1", address: configuration.host, errno: errno)
    }
    poller.change(pipe.read, token: Self.wakeToken, from: [], to: .read)
    self.server = server
    self.configuration = configuration
    self.context = context
    self.listener = listener
    self.poller = poller
    wakeRead = pipe.read
    wakeWrite = pipe.write
  }

  /// Starts the loop on a thread of its own; `finished` is left when it ends.
  func start() {
    finished.enter()
    let thread = Thread { [self] in
      defer { finished.leave() }
      run()
    }
    thread.name = "GraphProxy I/O"
    thread.start()
  }

  /// Asks the loop to stop: no new clients, opening ones closed, relays ended as the server
  /// closes its side.
  func requestStop() {
    shared.withLock {
      guard !$0.ended else { return }
      $0.stopRequested = true
      Socket.wake(wakeWrite)
    }
  }

  /// Hands the loop a pass-through look-up's result (from another thread).
  func resolved(_ id: UInt64, _ addresses: Result<[SocketAddress], ProxyError>) {
    shared.withLock {
      guard !$0.ended else { return }
      $0.resolved.append((id, addresses))
      Socket.wake(wakeWrite)
    }
  }

  private func run() {
    while true {
      let (stop, lookups) = shared.withLock { shared in
        defer { shared.resolved = [] }
        return (shared.stopRequested, shared.resolved)
      }
      if stop, !stopping { beginStopping() }
      for lookup in lookups {
        guard let client = clients[lookup.id], !client.isClosed else { continue }
        connectUpstream(client, lookup.addresses)
      }
      if stopping, clients.isEmpty || Socket.now() >= stopDeadline { break }
      pollOnce()
      expireDeadlines()
    }
    for client in Array(clients.values) { close(client) }
    setListening(false)
    shared.withLock {
      $0.ended = true
      Socket.close(wakeRead)
      Socket.close(wakeWrite)
    }
  }

  private func beginStopping() {
    stopping = true
    stopDeadline =
      Socket.now() + server.configuration.shutdownGracePeriod.nanosecondCount + 1_000_000_000
    setListening(false)
    for client in Array(clients.values) where client.phase != .relay { close(client) }
  }

  private func pollOnce() {
    let now = Socket.now()
    var nearest = stopping ? stopDeadline : UInt64.max
    for client in clients.values { nearest = min(nearest, client.deadline) }
    let room = clients.count < configuration.maxConnections || canMakeRoom()
    setListening(!stopping && room && acceptPausedUntil <= now)
    if acceptPausedUntil > now { nearest = min(nearest, acceptPausedUntil) }
    let timeout =
      nearest == .max ? 10_000 : Int32(min((nearest &- min(nearest, now)) / 1_000_000 + 1, 10_000))
    poller.wait(timeout: timeout)
    batchTime = Socket.now()
    for event in poller.ready {
      if event.token == Self.wakeToken { Socket.drain(wakeRead) }
      if event.token == Self.listenerToken { accept() }
      // Client `id` has the tokens `2 id` (its socket) and `2 id + 1` (its `plain`).
      guard event.token != Self.listenerToken, let client = clients[event.token >> 1],
        !client.isClosed
      else { continue }
      if event.token & 1 == 0 {
        if event.writable { clientWritable(client) }
        if event.readable, !client.isClosed { clientReadable(client) }
      } else {
        if event.writable { plainWritable(client) }
        if event.readable, !client.isClosed { plainReadable(client) }
      }
      if !client.isClosed { updateInterest(client) }
    }
  }

  private func setListening(_ wanted: Bool) {
    guard wanted != listening else { return }
    poller.change(
      listener, token: Self.listenerToken, from: listening ? .read : [], to: wanted ? .read : [])
    listening = wanted
  }

  private func accept() {
    for _ in 0..<64 {
      if clients.count >= configuration.maxConnections, !canMakeRoom() { return }
      switch Socket.accept(listener) {
      case .accepted(let fd):
        // Someone was waiting: only now is a slot freed for it, if the cap is reached.
        if clients.count >= configuration.maxConnections { _ = makeRoom() }
        nextID += 1
        let now = Socket.now()
        let client = ProxyClient(
          id: nextID, fd: fd, now: now,
          deadline: now + configuration.handshakeTimeout.nanosecondCount)
        clients[nextID] = client
        updateInterest(client)
      case .nothing: return
      case .outOfDescriptors:
        acceptPausedUntil = Socket.now() + 100_000_000
        return
      }
    }
  }

  private func expireDeadlines() {
    let now = Socket.now()
    for client in Array(clients.values) where client.deadline <= now && !client.isClosed {
      switch client.phase {
      case .head:
        if !client.head.isEmpty {
          log(
            client, status: 408,
            error: "the CONNECT request did not arrive within the handshake timeout")
        }
      case .handshake:
        log(
          client, status: 200,
          error: "the TLS handshake did not finish within the handshake timeout")
      case .resolving, .connecting:
        log(
          client, status: 502,
          error: "cannot reach \(client.target ?? "?") to pass it through: timed out")
      case .refusing, .relay, .tunnel: break
      }
      close(client)
    }
  }

  /// Brings the poller's interest in both of a client's sockets up to date with its state.
  func updateInterest(_ client: ProxyClient) {
    var wanted: Interest = []
    var plainWanted: Interest = []
    switch client.phase {
    case .head, .handshake: wanted = .read
    case .refusing: break
    case .resolving: break
    case .connecting: plainWanted = .write
    case .relay, .tunnel:
      if !client.clientEnded, client.plainPending == 0 { wanted.insert(.read) }
      if !client.plainEnded, client.clientPending < Self.readAhead { plainWanted.insert(.read) }
      if client.plainPending > 0 { plainWanted.insert(.write) }
    }
    if client.clientPending > 0 { wanted.insert(.write) }
    if wanted != client.interest {
      poller.change(client.fd, token: client.id << 1, from: client.interest, to: wanted)
      client.interest = wanted
    }
    if client.plain >= 0, plainWanted != client.plainInterest {
      poller.change(
        client.plain, token: client.id << 1 | 1, from: client.plainInterest, to: plainWanted)
      client.plainInterest = plainWanted
    }
  }

  /// Stops watching the client's socket and forgets it, without closing it (the server took
  /// it).
  func release(_ client: ProxyClient) {
    poller.change(client.fd, token: client.id << 1, from: client.interest, to: [])
    client.interest = []
    client.isClosed = true
    clients[client.id] = nil
  }

  func close(_ client: ProxyClient) {
    guard !client.isClosed else { return }
    client.isClosed = true
    poller.change(client.fd, token: client.id << 1, from: client.interest, to: [])
    Socket.close(client.fd)
    if client.plain >= 0 {
      poller.change(client.plain, token: client.id << 1 | 1, from: client.plainInterest, to: [])
      Socket.close(client.plain)
    }
    client.tls = nil
    clients[client.id] = nil
  }

  /// Writes what the client's socket takes of `toClient`; closes the client when it failed,
  /// or when all is written and it was to close.
  func flushClient(_ client: ProxyClient) {
    if client.clientPending > 0 {
      switch Socket.write(client.fd, client.toClient, from: client.toClientOffset) {
      case .wrote(let count):
        client.toClientOffset += count
        if client.phase == .relay || client.phase == .tunnel {
          client.deadline =
            client.clientPending > 0
            ? Socket.now() + server.configuration.writeTimeout.nanosecondCount
            : idleDeadline(client)
        }
      case .wouldBlock: break
      case .failed: return close(client)
      }
    }
    guard client.clientPending == 0 else { return }
    client.compact()
    if client.closeWhenWritten { return close(client) }
    if client.phase == .tunnel { finishIfDone(client) }
  }

  /// A relay has no deadline of its own while nothing waits for the client (the server's idle
  /// timeout ends it); a tunnel ends after the server's idle timeout without traffic.
  func idleDeadline(_ client: ProxyClient) -> UInt64 {
    client.phase == .tunnel ? Socket.now() + server.configuration.idleTimeout.nanosecondCount : .max
  }

  /// One line of the access log for what the proxy itself answered or refused.
  func log(_ client: ProxyClient, status: Int, error: String, responseBytes: Int = 0) {
    guard let accessLog = server.configuration.accessLog else { return }
    accessLog(
      GraphServer.AccessLogEntry(
        method: client.method, target: client.target, status: status, requestBytes: 0,
        responseBytes: responseBytes,
        duration: .nanoseconds(Int64(Socket.now() - client.acceptedAt)), error: error))
    server.configuration.accessLogFlush?()
  }
}

extension Duration {
  /// The duration in whole nanoseconds (negative durations count as zero).
  var nanosecondCount: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return 0 }
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }
}
