import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny real HTTP/1.1 server on 127.0.0.1, port 0 (the system picks a free one), for tests of
/// clients: it accepts connections on a background thread, reads one request per connection
/// (headers, `Content-Length` body, `Expect: 100-continue`), records it, and answers as told.
/// With `keepAlive`, a `.response` keeps the connection open for the client's next request
/// (one connection is served at a time), and `connections` counts what was accepted.
public final class LoopbackHTTPStub: Sendable {
  /// What to do with a request.
  public enum Reply: Sendable {
    /// Answer with this status, headers and body (`Content-Length` and `Connection: close` added).
    case response(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// Write these bytes as they are, then close.
    case raw([UInt8])
    /// Never answer; keep the connection open until the stub stops.
    case hang
    /// Close the connection without answering.
    case close
    /// Wait this long, then reply as the inner reply says; a client that closes the connection
    /// meanwhile (a cancelled request) ends the wait at once and is counted in `abandoned`.
    indirect case delayed(Duration, Reply)
  }

  /// The port the stub listens on.
  public let port: Int
  private let listener: Int32
  private let reply: @Sendable (HTTPRequest) -> Reply
  private let keepAlive: Bool
  private let state = Locked(State())
  private let finished = DispatchSemaphore(value: 0)

  /// What the stub's threads share.
  private struct State {
    var accepted = 0
    /// Keep-alive connections being served: stop() shuts them down, their thread closes them.
    var keptAlive: [Int32] = []
    var recorded: [HTTPRequest] = []
    var heldOpen: [Int32] = []
    var stopped = false
    var abandonedCount = 0
  }

  /// Starts listening; `reply` decides each answer (called on the stub's thread).
  public init(keepAlive: Bool = false, reply: @escaping @Sendable (HTTPRequest) -> Reply) throws {
    self.reply = reply
    self.keepAlive = keepAlive
    (listener, port) = try FaultSocket.listen()
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// A stub answering every request with `status`, JSON content type and `body`.
  public convenience init(status: Int = 200, json body: String, keepAlive: Bool = false) throws {
    try self.init(keepAlive: keepAlive) { _ in
      .response(
        status: status, headers: [("Content-Type", "application/json; charset=UTF-8")],
        body: Array(body.utf8))
    }
  }

  deinit { stop() }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The requests received so far, in order. Their `url` is the request target (`/me?x=1`).
  public var requests: [HTTPRequest] { state.withLock { $0.recorded } }

  /// How many connections were accepted.
  public var connections: Int { state.withLock { $0.accepted } }

  /// How many delayed answers were never sent because the client closed the connection first.
  public var abandoned: Int { state.withLock { $0.abandonedCount } }

  /// Stops listening and closes every connection; waits for the accept thread to end.
  public func stop() {
    let open: [Int32]? = state.withLock { state in
      if state.stopped { return nil }
      state.stopped = true
      defer { state.heldOpen = [] }
      for fd in state.keptAlive { shutdown(fd, Int32(SHUT_RDWR)) }
      return state.heldOpen
    }
    guard let open else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for fd in open {
      shutdown(fd, Int32(SHUT_RDWR))
      close(fd)
    }
    finished.wait()
  }

  /// A loopback port with nothing listening on it (bound, then released).
  public static func closedPort() throws -> Int {
    let (fd, port) = try FaultSocket.bound()
    close(fd)
    return port
  }

  private func acceptLoop() {
    defer { finished.signal() }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      state.withLock { state in
        state.accepted += 1
        // Kept where stop() finds it while it waits for a next request.
        if keepAlive { state.keptAlive.append(connection) }
      }
      serve(connection)
    }
  }

  private func serve(_ fd: Int32) {
    var first = true
    while let request = FaultSocket.readRequest(fd) {
      first = false
      state.withLock { $0.recorded.append(request) }
      let decided = reply(request)
      guard keepAlive, case .response(let status, let headers, let body) = decided else {
        release(fd)
        answer(fd, decided)
        return
      }
      let head = Self.head(status: status, headers: headers, length: body.count, close: false)
      guard FaultSocket.write(fd, head + body) else { break }
    }
    release(fd)
    if first {
      // Not HTTP (a TLS ClientHello, say): answer as a plain HTTP server would, then close.
      _ = FaultSocket.write(fd, Array("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8))
    }
    close(fd)
  }

  /// A `.response`'s head, with `Content-Length` and `Connection` added.
  private static func head(
    status: Int, headers: [(String, String)], length: Int, close: Bool
  ) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(length)\r\nConnection: \(close ? "close" : "keep-alive")\r\n\r\n"
    return Array(head.utf8)
  }

  /// Takes a keep-alive connection back from `heldOpen` (a no-op otherwise).
  private func release(_ fd: Int32) {
    state.withLock { $0.keptAlive.removeAll { $0 == fd } }
  }

  private func answer(_ fd: Int32, _ reply: Reply) {
    switch reply {
    case .response(let status, let headers, let body):
      let head = Self.head(status: status, headers: headers, length: body.count, close: true)
      _ = FaultSocket.write(fd, head + body)
      close(fd)
    case .raw(let bytes):
      _ = FaultSocket.write(fd, bytes)
      close(fd)
    case .close:
      close(fd)
    case .delayed(let delay, let inner):
      guard Self.waitWhileOpen(fd, for: delay) else {
        state.withLock { $0.abandonedCount += 1 }
        close(fd)
        return
      }
      answer(fd, inner)
    case .hang:
      state.withLock { state in
        if state.stopped {
          close(fd)
        } else {
          state.heldOpen.append(fd)
        }
      }
    }
  }

  /// Waits `delay` unless the peer closes `fd` first (or the stub stops); `false` then.
  private static func waitWhileOpen(_ fd: Int32, for delay: Duration) -> Bool {
    let deadline = ContinuousClock.now + delay
    while ContinuousClock.now < deadline {
      var fds = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&fds, 1, 10)
      if ready > 0 {
        var byte: UInt8 = 0
        // Readable with nothing to read: the client closed its end.
        if recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0 { return false }
        usleep(10_000)
      }
    }
    return true
  }
}
