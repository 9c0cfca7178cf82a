import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket shell: one thread polls the (shared) listener and its own connections, feeds
/// bytes to each connection's parser, hands complete requests to the transport as tasks on its
/// own executor, and writes their answers when they come back. No I/O ever blocks the thread,
/// so a slow client costs a connection slot until its deadline, never a worker. A server runs
/// one loop per I/O thread; the listener belongs to the server, which closes it.
///
/// `@unchecked Sendable`: what other threads touch is in `shared` (a `Locked`) or `let`; the
/// `var`s below it belong to the loop thread alone.
final class ServerLoop: @unchecked Sendable {
  let transport: any GraphTransport
  /// The transport, when it answers at once and may run on the I/O thread.
  let immediate: (any ImmediateGraphTransport)?
  let configuration: GraphServer.Configuration
  let fallbackAuthority: String
  let finished = DispatchGroup()
  /// Request-body bytes held over all loops of the server.
  let budget: ByteBudget
  /// Answer bytes waiting for slow readers over all loops of the server.
  let answerBudget: ByteBudget

  /// Shared with other threads.
  private let shared = Locked(Shared())
  private let wakeRead: Int32
  private let wakeWrite: Int32

  // Owned by the loop thread.
  /// The shared listening socket, while this loop accepts.
  var listener: Int32?
  /// The most connections this loop holds at once.
  let maxConnections: Int
  var connections: [UInt64: Connection] = [:]
  var nextID: UInt64 = 0
  var stopping = false
  var stopDeadline: UInt64 = 0
  /// While the process is out of file descriptors, accepting pauses until then.
  var acceptPausedUntil: UInt64 = 0
  /// At the connection cap, when a slot can next be freed for a waiting client (0: none).
  var roomAt: UInt64 = 0
  /// No connection that is not with the transport has a deadline before this: no sweep is
  /// needed until then. Lowered as deadlines are set (see `syncInterest`), raised by a sweep.
  private var nearestDeadline: UInt64 = .max
  var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  /// Connections with pipelined requests left after their turn.
  var unfinished: [Connection] = []
  /// Whether access-log lines were given since the log was last flushed.
  var logPending = false
  /// When the first of them was given.
  var logPendingSince: UInt64 = 0
  /// How long a line may wait for others before the log is written while the server is idle:
  /// a client sending one request at a time gets one write for many lines, not one each
  /// (nginx's `access_log ... flush=` does the same).
  static let logFlushDelay: UInt64 = 20_000_000
  var headCache = ResponseHeadCache()
  /// Runs transport tasks on this loop's thread.
  private(set) lazy var executor = LoopExecutor(loop: self)
  /// The descriptors this loop waits on, kept between waits.
  let poller: EventPoller
  /// Sockets a transport runs on this loop (`serve --record`'s upstream connections).
  let sockets: LoopSockets
  /// Connections to look at before the next wait (see `touch`).
  private var touched: [Connection] = []
  /// The listener while it is in the poller's set.
  private var listening: Int32?

  /// What other threads hand the loop, and whether it must be woken for it.
  private struct Shared {
    var completions: [(id: UInt64, response: HTTPResponse, failure: String?)] = []
    /// Connections handed over by `GraphServer.adopt`, to be served from the next turn.
    var adoptions: [GraphServer.AdoptedConnection] = []
    var stopRequested = false
    var jobs: [UnownedJob] = []
    var wakePending = false
    /// Whether the loop is (about to be) blocked in poll, so work for it must wake it.
    var sleeping = false
    var loopEnded = false

    /// Wakes the loop through `pipe` if it sleeps and no wake is on its way.
    mutating func wake(_ pipe: Int32) {
      guard sleeping, !wakePending, !loopEnded else { return }
      wakePending = true
      Socket.wake(pipe)
    }
  }

  init(
    transport: any GraphTransport, configuration: GraphServer.Configuration, listener: Int32?,
    budget: ByteBudget, answerBudget: ByteBudget, maxConnections: Int, fallbackAuthority: String
  ) throws(GraphServerError) {
    guard let pipe = Socket.pipe() else {
      throw .socketFailed(call: "pipe", address: fallbackAuthority, errno: errno)
    }
    guard let poller = EventPoller() else {
      Socket.close(pipe.read)
      Socket.close(pipe.write)
      throw .socketFailed(call: "epoll_create1", address: fallbackAuthority, errno: errno)
    }
    poller.change(pipe.read, token: Self.wakeToken, from: [], to: .read)
    self.poller = poller
    self.sockets = LoopSockets(poller: poller)
    self.transport = transport
    self.immediate =
      configuration.transportOnIOThread ? transport as? any ImmediateGraphTransport : nil
    self.configuration = configuration
    self.listener = listener
    self.budget = budget
    self.answerBudget = answerBudget
    self.maxConnections = maxConnections
    self.fallbackAuthority = fallbackAuthority
    self.wakeRead = pipe.read
    self.wakeWrite = pipe.write
  }

  /// Notes an access-log line given, to be written by the next flush.
  func noteLogLine() {
    guard !logPending else { return }
    logPending = true
    logPendingSince = Socket.now()
  }

  /// Starts the loop on its own thread.
  func start() {
    finished.enter()
    let thread = Thread { [self] in
      run()
      finished.leave()
    }
    thread.name = "GraphServer I/O"
    thread.start()
  }

  /// Asks the loop to stop: no new connections, in-flight requests answered, then exit.
  func requestStop() {
    shared.withLock {
      $0.stopRequested = true
      $0.wake(wakeWrite)
    }
  }

  /// Called by a transport task with the answer for connection `id`.
  func complete(_ id: UInt64, _ response: HTTPResponse, failure: String?) {
    shared.withLock {
      guard !$0.loopEnded else { return }
      $0.completions.append((id, response, failure))
      $0.wake(wakeWrite)
    }
  }

  /// Hands the loop a connected socket to serve; `false` (the socket untouched) once the loop
  /// is stopping.
  func adopt(_ connection: GraphServer.AdoptedConnection) -> Bool {
    shared.withLock {
      guard !$0.loopEnded, !$0.stopRequested else { return false }
      $0.adoptions.append(connection)
      $0.wake(wakeWrite)
      return true
    }
  }

  /// Queues a job of a transport task to run on the loop thread; `false` once the loop ended.
  func enqueue(_ job: UnownedJob) -> Bool {
    shared.withLock {
      guard !$0.loopEnded else { return false }
      $0.jobs.append(job)
      $0.wake(wakeWrite)
      return true
    }
  }

  /// Runs queued jobs and writes finished answers until there are none left.
  private func processShared() {
    // A few rounds (answers start pipelined requests, whose jobs come in the next round),
    // then the other connections get a poll.
    for _ in 0..<4 {
      let (answers, ready, stop, adopted) = shared.withLock { shared in
        defer {
          shared.completions.removeAll(keepingCapacity: true)
          shared.jobs.removeAll(keepingCapacity: true)
          if !shared.adoptions.isEmpty { shared.adoptions = [] }
        }
        return (shared.completions, shared.jobs, shared.stopRequested, shared.adoptions)
      }
      for connection in adopted { serveAdopted(connection) }
      if stop, !stopping { beginStopping() }
      if answers.isEmpty, ready.isEmpty { return }
      for job in ready { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
      for answer in answers {
        answered(answer.id, answer.response, failure: answer.failure)
      }
    }
  }

  private func run() {
    sockets.bindToThread(true)
    defer { sockets.bindToThread(false) }
    while true {
      processShared()
      if !unfinished.isEmpty {
        let turn = unfinished
        unfinished.removeAll(keepingCapacity: true)
        for connection in turn where !connection.isClosed { drive(connection) }
      }
      if stopping, connections.isEmpty || Socket.now() >= stopDeadline { break }
      pollOnce()
      expireDeadlines()
      sockets.expire(now: Socket.now())
    }
    for connection in Array(connections.values) { close(connection) }
    sockets.end()
    listener = nil
    if let listening { poller.change(listening, token: Self.listenerToken, from: .read, to: []) }
    listening = nil
    let leftover = shared.withLock { shared in
      shared.loopEnded = true
      Socket.close(wakeRead)
      Socket.close(wakeWrite)
      defer { shared.jobs = [] }
      return shared.jobs
    }
    for job in leftover {
      job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
    }
  }

  /// Marks a connection whose phase, output or deadline may have changed: its interest and
  /// deadline are looked at before the next wait (once, however often it was touched).
  func touch(_ connection: Connection) {
    guard !connection.touched else { return }
    connection.touched = true
    touched.append(connection)
  }

  /// What the poller should wait for on a connection in its present state.
  private func interest(_ connection: Connection) -> Interest {
    switch connection.phase {
    case .reading: connection.hasPendingOutput ? [.read, .write] : .read
    case .writing: .write
    case .draining: .read
    case .processing: []
    }
  }

  /// Brings the poller's interest set and the earliest deadline up to date with the
  /// connections touched since the last wait, and the listener with the accept rules.
  private func syncInterest() {
    for connection in touched {
      connection.touched = false
      guard !connection.isClosed else { continue }
      let wanted = interest(connection)
      if wanted != connection.interest {
        poller.change(connection.fd, token: connection.id, from: connection.interest, to: wanted)
        connection.interest = wanted
      }
      if connection.phase != .processing {
        nearestDeadline = min(nearestDeadline, connection.deadline)
      }
    }
    touched.removeAll(keepingCapacity: true)
    roomAt = 0
    var accepting: Int32?
    if let listener, acceptPausedUntil <= Socket.now(),
      connections.count < maxConnections || canMakeRoom()
    {
      accepting = listener
    }
    if accepting != listening {
      if let listening { poller.change(listening, token: Self.listenerToken, from: .read, to: []) }
      if let accepting { poller.change(accepting, token: Self.listenerToken, from: [], to: .read) }
      listening = accepting
    }
  }

  private static let wakeToken: UInt64 = 0
  private static let listenerToken: UInt64 = .max

  private func pollOnce() {
    syncInterest()
    var nearest = min(nearestDeadline, stopping ? stopDeadline : UInt64.max)
    if acceptPausedUntil > 0 { nearest = min(nearest, acceptPausedUntil) }
    if roomAt > 0 { nearest = min(nearest, roomAt) }
    nearest = min(nearest, sockets.nearestDeadline)
    let now = Socket.now()
    var timeout: Int32 =
      nearest == .max ? 10_000 : Int32(min((nearest &- min(nearest, now)) / 1_000_000 + 1, 10_000))
    let idle = shared.withLock { shared in
      shared.sleeping =
        shared.completions.isEmpty && shared.jobs.isEmpty && shared.adoptions.isEmpty
        && (!shared.stopRequested || stopping)
      return shared.sleeping
    }
    if !idle || !unfinished.isEmpty { timeout = 0 }
    if logPending, timeout > 0, let flush = configuration.accessLogFlush {
      // About to wait: write what the access log holds once its first line has waited
      // `logFlushDelay` (or the server is stopping); until then wait no longer than that.
      let waited = now &- min(logPendingSince, now)
      if waited >= Self.logFlushDelay || stopping {
        logPending = false
        flush()
      } else {
        timeout = min(timeout, Int32((Self.logFlushDelay - waited) / 1_000_000) + 1)
      }
    }
    poller.wait(timeout: timeout)
    shared.withLock { shared in
      shared.sleeping = false
      shared.wakePending = false
    }
    for event in poller.ready {
      switch event.token {
      case Self.wakeToken:
        Socket.drain(wakeRead)
        continue
      case Self.listenerToken:
        acceptConnections()
        continue
      default:
        if sockets.dispatch(event) { continue }
      }
      // Gone since the wait (closed by an earlier event): ids are never reused.
      guard let connection = connections[event.token], !connection.isClosed else { continue }
      switch connection.phase {
      case .writing:
        flush(connection)
      case .reading, .draining:
        if event.writable, connection.hasPendingOutput { flush(connection) }
        if event.readable, !connection.isClosed,
          connection.phase == .reading || connection.phase == .draining
        {
          readable(connection)
        }
      case .processing:
        break
      }
    }
  }

  private func beginStopping() {
    stopping = true
    stopDeadline = Socket.now() + configuration.shutdownGracePeriod.nanoseconds
    listener = nil
    for connection in Array(connections.values) {
      switch connection.phase {
      case .reading: close(connection)
      case .writing: connection.closeAfterWrite = true
      case .processing, .draining: break
      }
    }
  }

  private func expireDeadlines() {
    let now = Socket.now()
    guard now >= nearestDeadline else { return }
    nearestDeadline = .max
    for connection in Array(connections.values) {
      if connection.deadline <= now {
        switch connection.phase {
        case .reading where connection.parser.hasPartialRequest:
          refuse(
            connection,
            .badRequest(
              status: 408, reason: "the request did not arrive within the request timeout"))
        case .processing: break
        default: close(connection)
        }
      }
      if !connection.isClosed, connection.phase != .processing {
        nearestDeadline = min(nearestDeadline, connection.deadline)
      }
    }
  }
}
