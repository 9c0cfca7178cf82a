import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket shell: one thread polls the listener and every connection, feeds bytes to each
/// connection's parser, hands complete requests to the transport as tasks, and writes their
/// answers when they come back. No I/O ever blocks the thread, so a slow client costs a
/// connection slot until its deadline, never a worker.
final class ServerLoop: @unchecked Sendable {
  let transport: any GraphTransport
  let configuration: GraphServer.Configuration
  let fallbackAuthority: String
  let finished = DispatchGroup()

  // Shared with other threads, guarded by `lock`.
  private let lock = NSLock()
  private var completions: [(id: UInt64, response: HTTPResponse, failure: String?)] = []
  private var stopRequested = false
  private var wakePending = false
  private var loopEnded = false
  private let wakeRead: Int32
  private let wakeWrite: Int32

  // Owned by the loop thread.
  var listener: Int32?
  var connections: [UInt64: Connection] = [:]
  var nextID: UInt64 = 0
  var stopping = false
  var stopDeadline: UInt64 = 0
  var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  private var pollSet: [pollfd] = []
  private var polled: [Connection?] = []

  init(
    transport: any GraphTransport, configuration: GraphServer.Configuration, listener: Int32,
    fallbackAuthority: String
  ) throws(GraphServerError) {
    guard let pipe = Socket.pipe() else {
      throw .socketFailed(call: "pipe", address: fallbackAuthority, errno: errno)
    }
    self.transport = transport
    self.configuration = configuration
    self.listener = listener
    self.fallbackAuthority = fallbackAuthority
    self.wakeRead = pipe.read
    self.wakeWrite = pipe.write
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

  private func wakeLocked() {
    guard !wakePending, !loopEnded else { return }
    wakePending = true
    Socket.wake(wakeWrite)
  }

  private func run() {
    while true {
      let (answers, stop) = lock.withLock {
        defer {
          completions.removeAll(keepingCapacity: true)
          wakePending = false
        }
        return (completions, stopRequested)
      }
      if stop, !stopping { beginStopping() }
      for answer in answers { answered(answer.id, answer.response, failure: answer.failure) }
      if stopping, connections.isEmpty || Socket.now() >= stopDeadline { break }
      pollOnce()
      expireDeadlines()
    }
    for connection in Array(connections.values) { close(connection) }
    if let listener { Socket.close(listener) }
    listener = nil
    lock.withLock {
      loopEnded = true
      Socket.close(wakeRead)
      Socket.close(wakeWrite)
    }
  }

  private func pollOnce() {
    pollSet.removeAll(keepingCapacity: true)
    polled.removeAll(keepingCapacity: true)
    pollSet.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
    polled.append(nil)
    if let listener, connections.count < configuration.maxConnections {
      pollSet.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
      polled.append(nil)
    }
    var nearest = stopping ? stopDeadline : UInt64.max
    for connection in connections.values {
      var events: Int32 = 0
      switch connection.phase {
      case .reading: events = POLLIN | (connection.hasPendingOutput ? POLLOUT : 0)
      case .writing: events = POLLOUT
      case .draining: events = POLLIN
      case .processing: continue
      }
      nearest = min(nearest, connection.deadline)
      pollSet.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
      polled.append(connection)
    }
    let now = Socket.now()
    let timeout: Int32 =
      nearest == .max ? 10_000 : Int32(min((nearest &- min(nearest, now)) / 1_000_000 + 1, 10_000))
    guard Socket.poll(&pollSet, timeout: timeout) > 0 else { return }
    for (index, entry) in pollSet.enumerated() where entry.revents != 0 {
      let revents = Int32(entry.revents)
      guard let connection = polled[index] else {
        if entry.fd == wakeRead { Socket.drain(wakeRead) } else { acceptConnections() }
        continue
      }
      guard !connection.isClosed else { continue }
      if revents & (POLLERR | POLLNVAL) != 0 {
        close(connection)
      } else if revents & (POLLIN | POLLHUP) != 0 {
        readable(connection)
      } else if revents & POLLOUT != 0 {
        flush(connection)
      }
    }
  }

  private func acceptConnections() {
    guard let listener else { return }
    var accepted = 0
    while connections.count < configuration.maxConnections, accepted < 64,
      let fd = Socket.accept(listener)
    {
      accepted += 1
      nextID += 1
      let connection = Connection(
        id: nextID, fd: fd, limits: configuration.limits,
        deadline: Socket.now() + configuration.idleTimeout.nanoseconds)
      connections[nextID] = connection
    }
  }

  private func beginStopping() {
    stopping = true
    stopDeadline = Socket.now() + configuration.shutdownGracePeriod.nanoseconds
    if let listener { Socket.close(listener) }
    listener = nil
    for connection in Array(connections.values) {
      switch connection.phase {
      case .reading where !connection.hasPendingOutput: close(connection)
      case .reading, .writing: connection.closeAfterWrite = true
      case .processing, .draining: break
      }
    }
  }

  private func expireDeadlines() {
    let now = Socket.now()
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
