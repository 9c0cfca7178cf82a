import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP/1.1 server that misbehaves on purpose, for fault-injection tests of clients:
/// it listens on 127.0.0.1, port 0, reads each request (head and `Content-Length` body) on its
/// own thread, and answers with the `Fault` the test chooses for it: a well-formed answer of any
/// kind (HTML, truncated JSON, gzip, 5xx), bytes dripped slowly, a body cut off by a reset or a
/// close, or no answer at all. `FaultServer.refusedPort()` gives a port that refuses
/// connections.
public final class FaultServer: Sendable {
  /// The port the server listens on.
  public let port: Int
  private let listener: Int32
  private let choose: @Sendable (HTTPRequest) -> Fault
  private let state = Locked(State())
  private let acceptEnded = DispatchSemaphore(value: 0)

  /// What the server's threads share.
  private struct State {
    var recorded: [HTTPRequest] = []
    var open: Set<Int32> = []
    var stopped = false
  }

  /// Starts listening; `choose` picks the fault for each request (on the connection's thread).
  public init(_ choose: @escaping @Sendable (HTTPRequest) -> Fault) throws {
    self.choose = choose
    (listener, port) = try FaultSocket.listen()
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// A server answering every request with `fault`.
  public convenience init(always fault: Fault) throws {
    try self.init { _ in fault }
  }

  deinit { stop() }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The requests received so far, in order; their `url` is the request target (`/me?x=1`).
  public var requests: [HTTPRequest] { state.withLock { $0.recorded } }

  /// Stops listening and closes every connection (stalled ones included).
  public func stop() {
    let connections: Set<Int32>? = state.withLock { state in
      if state.stopped { return nil }
      state.stopped = true
      return state.open
    }
    guard let connections else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    acceptEnded.wait()
    close(listener)
  }

  /// A loopback port with a socket bound to it but not listening: connecting to it is refused
  /// (the socket stays bound for as long as the returned value lives, so no one else takes it).
  public static func refusedPort() throws -> RefusedPort { try RefusedPort() }

  private func acceptLoop() {
    defer { acceptEnded.signal() }
    while true {
      let fd = accept(listener, nil, nil)
      if fd < 0 {
        if errno == EINTR { continue }
        return
      }
      let accepted: Bool = state.withLock { state in
        if state.stopped { return false }
        state.open.insert(fd)
        return true
      }
      guard accepted else {
        close(fd)
        return
      }
      FaultSocket.noSignalPipe(fd)
      let thread = Thread { [self] in serve(fd) }
      thread.start()
    }
  }

  private func serve(_ fd: Int32) {
    var reset = false
    defer {
      state.withLock { _ = $0.open.remove(fd) }
      if reset { FaultSocket.lingerZero(fd) }
      close(fd)
    }
    guard let request = FaultSocket.readRequest(fd) else { return }
    state.withLock { $0.recorded.append(request) }
    reset = perform(choose(request), on: fd)
  }

  /// Carries out `fault`; returns whether the connection is to be reset rather than closed.
  private func perform(_ fault: Fault, on fd: Int32) -> Bool {
    switch fault {
    case .answer(let status, let headers, let body):
      _ = FaultSocket.write(fd, Self.head(status, headers, contentLength: body.count) + body)
    case .drip(let status, let headers, let body, let interval):
      let bytes = Self.head(status, headers, contentLength: body.count) + body
      for byte in bytes {
        guard FaultSocket.write(fd, [byte]) else { return false }
        Thread.sleep(forTimeInterval: Self.seconds(interval))
      }
    case .cutBody(let status, let headers, let body, let sent, let reset):
      let head = Self.head(status, headers, contentLength: body.count)
      _ = FaultSocket.write(fd, head + body.prefix(sent))
      // Let the client read what was sent before the connection goes.
      Thread.sleep(forTimeInterval: 0.05)
      return reset
    case .stall:
      var byte: UInt8 = 0
      // Blocks until the client gives up or `stop()` shuts the socket down.
      while recv(fd, &byte, 1, 0) > 0 {}
    case .close:
      break
    case .raw(let bytes):
      _ = FaultSocket.write(fd, bytes)
    case .endless(let head, let piece):
      guard FaultSocket.write(fd, head) else { return false }
      while FaultSocket.write(fd, piece) {}
    }
    return false
  }

  private static func head(_ status: Int, _ headers: [(String, String)], contentLength: Int)
    -> [UInt8]
  {
    var text = "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    text += "Content-Length: \(contentLength)\r\nConnection: close\r\n\r\n"
    return Array(text.utf8)
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// A bound, non-listening loopback socket: connections to `port` are refused.
public final class RefusedPort: Sendable {
  /// The port nothing listens on.
  public let port: Int
  private let fd: Int32

  init() throws {
    (fd, port) = try FaultSocket.bound()
  }

  deinit { close(fd) }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }
}
