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
final class ServerLoop: @unchecked Sendable {
  let transport: any GraphTransport
  /// The transport, when it answers at once and may run on the I/O thread.
  let immediate: (any ImmediateGraphTransport)?
  let configuration: GraphServer.Configuration
  let fallbackAuthority: String
  let finished = DispatchGroup()
  /// Request-body bytes held over all loops of the server.
  let budget: BodyBudget

  // Shared with other threads, guarded by `lock`.
  private let lock = NSLock()
  private var completions: [(id: UInt64, response: HTTPResponse, failure: String?)] = []
  private var stopRequested = false
  private var jobs: [UnownedJob] = []
  private var wakePending = false
  /// Whether the loop is (about to be) blocked in poll, so work for it must wake it.
  private var sleeping = false
  private var loopEnded = false
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
  /// The earliest connection deadline seen by the last poll: no sweep is needed before it.
  private var nearestDeadline: UInt64 = 0
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
  private var pollSet: [pollfd] = []
  private var polled: [Connection?] = []

  init(
    transport: any GraphTransport, configuration: GraphServer.Configuration, listener: Int32,
    budget: BodyBudget, maxConnections: Int, fallbackAuthority: String
  ) throws(GraphServerError) {
    guard let pipe = Socket.pipe() else {
      throw .socketFailed(call: "pipe", address: fallbackAuthority, errno: errno)
    }
    self.transport = transport
    self.immediate =
      configuration.transportOnIOThread ? transport as? any ImmediateGraphTransport : nil
    self.configuration = configuration
    self.listener = listener
    self.budget = budget
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
    lock.withLock {
      stopRequested = true
      wakeLocked()
    }
  }

  /// Called by a transport task with the answer for connection `id`.
  func complete(_ id: UInt64, _ response: HTTPResponse, failure: String?) {
    lock.withLock {
      guard !loopEnded else { return }
      completions.append((id, response, failure))
      wakeLocked()
    }
  }

  /// Queues a job of a transport task to run on the loop thread; `false` once the loop ended.
  func enqueue(_ job: UnownedJob) -> Bool {
    lock.withLock {
      guard !loopEnded else { return false }
      jobs.append(job)
      wakeLocked()
      return true
    }
  }

  private func wakeLocked() {
    guard sleeping, !wakePending, !loopEnded else { return }
    wakePending = true
    Socket.wake(wakeWrite)
  }

  /// Runs queued jobs and writes finished answers until there are none left.
  private func processShared() {
    // A few rounds (answers start pipelined requests, whose jobs come in the next round),
    // then the other connections get a poll.
    for _ in 0..<4 {
      let (answers, ready, stop) = lock.withLock {
        defer {
          completions.removeAll(keepingCapacity: true)
          jobs.removeAll(keepingCapacity: true)
        }
        return (completions, jobs, stopRequested)
      }
      if stop, !stopping { beginStopping() }
      if answers.isEmpty, ready.isEmpty { return }
      for job in ready { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
      for answer in answers {
        answered(answer.id, answer.response, failure: answer.failure)
      }
    }
  }

  private func run() {
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
    }
    for connection in Array(connections.values) { close(connection) }
    listener = nil
    let leftover = lock.withLock {
      loopEnded = true
      Socket.close(wakeRead)
      Socket.close(wakeWrite)
      defer { jobs = [] }
      return jobs
    }
    for job in leftover {
      job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
    }
  }

  private func pollOnce() {
    pollSet.removeAll(keepingCapacity: true)
    polled.removeAll(keepingCapacity: true)
    pollSet.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
    polled.append(nil)
    roomAt = 0
    if let listener, acceptPausedUntil <= Socket.now(),
      connections.count < maxConnections || canMakeRoom()
    {
      pollSet.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
      polled.append(nil)
    }
    nearestDeadline = .max
    var nearest = stopping ? stopDeadline : UInt64.max
    if acceptPausedUntil > 0 { nearest = min(nearest, acceptPausedUntil) }
    if roomAt > 0 { nearest = min(nearest, roomAt) }
    for connection in connections.values {
      var events: Int32 = 0
      switch connection.phase {
      case .reading: events = POLLIN | (connection.hasPendingOutput ? POLLOUT : 0)
      case .writing: events = POLLOUT
      case .draining: events = POLLIN
      case .processing: continue
      }
      nearest = min(nearest, connection.deadline)
      nearestDeadline = min(nearestDeadline, connection.deadline)
      pollSet.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
      polled.append(connection)
    }
    let now = Socket.now()
    var timeout: Int32 =
      nearest == .max ? 10_000 : Int32(min((nearest &- min(nearest, now)) / 1_000_000 + 1, 10_000))
    let idle = lock.withLock {
      sleeping = completions.isEmpty && jobs.isEmpty && (!stopRequested || stopping)
      return sleeping
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
    let ready = Socket.poll(&pollSet, timeout: timeout)
    lock.withLock {
      sleeping = false
      wakePending = false
    }
    guard ready > 0 else { return }
    for (index, entry) in pollSet.enumerated() where entry.revents != 0 {
      let revents = Int32(entry.revents)
      guard let connection = polled[index] else {
        if entry.fd == wakeRead { Socket.drain(wakeRead) } else { acceptConnections() }
        continue
      }
      guard !connection.isClosed else { continue }
      if revents & POLLNVAL != 0 {
        close(connection)
        continue
      }
      switch connection.phase {
      case .writing:
        flush(connection)
      case .reading, .draining:
        if revents & POLLOUT != 0, connection.hasPendingOutput { flush(connection) }
        if revents & (POLLIN | POLLHUP | POLLERR) != 0, !connection.isClosed,
          connection.phase == .reading || connection.phase == .draining
        {
          readable(connection)
        }
      case .processing:
        break
      }
    }
  }

  private func acceptConnections() {
    guard let listener else { return }
    var accepted = 0
    acceptPausedUntil = 0
    while accepted < 64 {
      if connections.count >= maxConnections, !makeRoom() { return }
      let fd: Int32
      switch Socket.accept(listener) {
      case .accepted(let socket): fd = socket
      case .nothing: return
      case .outOfDescriptors:
        acceptPausedUntil = Socket.now() + 100_000_000
        return
      }
      accepted += 1
      nextID += 1
      let now = Socket.now()
      let connection = Connection(
        id: nextID, fd: fd, limits: configuration.limits, acceptedAt: now,
        deadline: now + configuration.idleTimeout.nanoseconds)
      connections[nextID] = connection
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
    for connection in Array(connections.values) where connection.deadline <= now {
      switch connection.phase {
      case .reading where connection.parser.hasPartialRequest:
        refuse(
          connection,
          .badRequest(status: 408, reason: "the request did not arrive within the request timeout"))
      case .processing: break
      default: close(connection)
      }
    }
  }
}
