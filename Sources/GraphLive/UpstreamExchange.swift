import Foundation
import GraphAPI
import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One request and its answer over a kept-alive or new connection, driven by the I/O loop's
/// events on the loop thread (`LoopHTTPTransport`): connect (each address in turn), write,
/// read until `UpstreamAnswerReader` has the answer, then keep the connection or close it and
/// resume the waiting task. A stalled, cut or garbled upstream fails this exchange alone.
final class UpstreamExchange: LoopSocketWatcher {
  /// The answer as received, before decoding.
  struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var duration: Duration
  }

  /// The most reads one ready event gets before other sockets have their turn.
  static let readsPerTurn = 16

  /// What to send where, and how to read and wait for the answer.
  struct Plan {
    var target: UpstreamAddresses
    var bytes: [UInt8]
    var reader: UpstreamAnswerReader
    var timeout: Duration
  }

  private let sockets: LoopSockets
  private let idle: IdleUpstreams
  private let plan: Plan
  private var target: UpstreamAddresses { plan.target }
  private var bytes: [UInt8] { plan.bytes }
  private var reader: UpstreamAnswerReader
  private let deadline: UInt64
  private let started = ContinuousClock.now
  private var continuation: CheckedContinuation<Answer, any Error>?
  private var fd: Int32 = -1
  private var token: UInt64?
  private var written = 0
  private var connecting = false
  private var reused = false
  private var nextAddress = 0

  init(sockets: LoopSockets, idle: IdleUpstreams, plan: Plan) {
    (self.sockets, self.idle, self.plan) = (sockets, idle, plan)
    reader = plan.reader
    let (seconds, attoseconds) = plan.timeout.components
    let nanoseconds =
      UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    deadline = Socket.now() &+ nanoseconds
  }

  /// Starts the exchange; `continuation` is resumed on the loop thread with its outcome.
  func start(_ continuation: CheckedContinuation<Answer, any Error>) {
    self.continuation = continuation
    if let kept = idle.take(target.key) {
      attach(kept, connecting: false, reused: true)
    } else {
      connectNext()
    }
  }

  func socketEvent(_ event: LoopSocketEvent) {
    switch event {
    case .ready(let readable, let writable):
      if connecting {
        connected()
      } else if written < bytes.count {
        if readable || writable { writeMore() }
      } else if readable {
        readMore()
      }
    case .expired:
      fail(.timedOut(host: target.host, after: plan.timeout))
    case .loopEnded:
      token = nil
      fail(.network(host: target.host, reason: "the server stopped before the answer came"))
    }
  }

  private func attach(_ socket: Int32, connecting: Bool, reused: Bool) {
    fd = socket
    self.connecting = connecting
    self.reused = reused
    token = sockets.watch(socket, for: connecting ? .write : [], deadline: deadline, self)
    if !connecting { writeMore() }
  }

  #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let sendFlags: Int32 = 0
  #endif

  /// A non-blocking, close-on-exec TCP socket (SIGPIPE off where the platform has no send flag).
  private static func openSocket(_ family: Int32) -> Int32 {
    #if os(Linux)
      return socket(
        family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
        0)
    #else
      let fd = socket(family, SOCK_STREAM, 0)
      guard fd >= 0 else { return fd }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      return fd
    #endif
  }

  private func connectNext() {
    guard nextAddress < target.addresses.count else {
      return fail(.connectionRefused(host: target.host, port: target.port))
    }
    let address = target.addresses[nextAddress]
    nextAddress += 1
    let socket = Self.openSocket(address.family)
    guard socket >= 0 else {
      return fail(
        .network(host: target.host, reason: "socket: \(String(cString: strerror(errno)))"))
    }
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let result = address.bytes.withUnsafeBytes {
      connect(
        socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
    }
    if result == 0 || errno == EINPROGRESS {
      attach(socket, connecting: result != 0, reused: false)
    } else {
      close(socket)
      connectNext()
    }
  }

  /// The connect finished: on to the request, or the next address.
  private func connected() {
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
    guard failure == 0 else {
      drop()
      return connectNext()
    }
    connecting = false
    writeMore()
  }

  private func writeMore() {
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + written, $0.count - written, Self.sendFlags)
      }
      if count > 0 {
        written += count
        continue
      }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        if let token { sockets.change(token, to: .write) }
        return
      }
      if reused { return retryOnNewConnection() }
      return fail(
        .network(host: target.host, reason: "Send failure: \(String(cString: strerror(errno)))"))
    }
    if let token { sockets.change(token, to: .read) }
  }

  private func readMore() {
    for _ in 0..<Self.readsPerTurn {
      let count = idle.scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      do throws(UpstreamAnswerReader.Failure) {
        if count > 0 {
          try idle.scratch.withUnsafeBytes { buffer in
            Result { () throws(UpstreamAnswerReader.Failure) in
              try reader.receive(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
          }.get()
        } else if count == 0 {
          if reused, !reader.receivedAny { return retryOnNewConnection() }
          try reader.receiveEnd()
        } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
          return
        } else {
          if reused, !reader.receivedAny { return retryOnNewConnection() }
          return fail(
            .network(
              host: target.host, reason: "Recv failure: \(String(cString: strerror(errno)))"))
        }
      } catch {
        return fail(failure(error))
      }
      if reader.isDone { return finish() }
    }
  }

  private func failure(_ error: UpstreamAnswerReader.Failure) -> GraphLiveError {
    switch error {
    case .tooLarge: .answerTooLarge(host: target.host, limit: reader.limit)
    case .headersTooLarge:
      .network(
        host: target.host,
        reason: "the answer's headers pass \(ByteCount.text(CurlTransfer.maxHeaderBytes))")
    case .malformed(let reason): .network(host: target.host, reason: reason)
    }
  }

  /// A kept connection the upstream had closed: the request goes again on a new one.
  private func retryOnNewConnection() {
    drop()
    reader = plan.reader
    written = 0
    nextAddress = 0
    connectNext()
  }

  private func finish() {
    let answer = Answer(
      status: reader.status, headers: reader.headers, body: reader.body,
      duration: ContinuousClock.now - started)
    if let token { sockets.unwatch(token) }
    token = nil
    if reader.keepAlive { idle.give(fd, target.key) } else { close(fd) }
    fd = -1
    continuation?.resume(returning: answer)
    continuation = nil
  }

  private func fail(_ error: GraphLiveError) {
    drop()
    continuation?.resume(throwing: error)
    continuation = nil
  }

  /// Stops watching the socket and closes it.
  private func drop() {
    if let token { sockets.unwatch(token) }
    token = nil
    if fd >= 0 { close(fd) }
    fd = -1
  }
}
