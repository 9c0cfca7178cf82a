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
public final class LoopbackHTTPStub: @unchecked Sendable {
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
  }

  /// The port the stub listens on.
  public let port: Int
  private let listener: Int32
  private let reply: @Sendable (HTTPRequest) -> Reply
  private let lock = NSLock()
  private var recorded: [HTTPRequest] = []
  private var heldOpen: [Int32] = []
  private var stopped = false
  private let finished = DispatchSemaphore(value: 0)

  /// Starts listening; `reply` decides each answer (called on the stub's thread).
  public init(reply: @escaping @Sendable (HTTPRequest) -> Reply) throws {
    self.reply = reply
    (listener, port) = try Self.openListener()
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// A stub answering every request with `status`, JSON content type and `body`.
  public convenience init(status: Int = 200, json body: String) throws {
    try self.init { _ in
      .response(
        status: status, headers: [("Content-Type", "application/json; charset=UTF-8")],
        body: Array(body.utf8))
    }
  }

  deinit { stop() }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The requests received so far, in order. Their `url` is the request target (`/me?x=1`).
  public var requests: [HTTPRequest] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  /// Stops listening and closes every connection; waits for the accept thread to end.
  public func stop() {
    lock.lock()
    if stopped {
      lock.unlock()
      return
    }
    stopped = true
    let open = heldOpen
    heldOpen = []
    lock.unlock()
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
    let (fd, port) = try openListener()
    close(fd)
    return port
  }

  private static func openListener() throws -> (Int32, Int) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw StubError.socket("socket", errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw StubError.socket("bind/listen", errno)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  private func acceptLoop() {
    defer { finished.signal() }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      serve(connection)
    }
  }

  private func serve(_ fd: Int32) {
    guard let request = readRequest(fd) else {
      // Not HTTP (a TLS ClientHello, say): answer as a plain HTTP server would, then close.
      writeAll(fd, Array("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8))
      close(fd)
      return
    }
    lock.lock()
    recorded.append(request)
    lock.unlock()
    switch reply(request) {
    case .response(let status, let headers, let body):
      var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      writeAll(fd, Array(head.utf8) + body)
      close(fd)
    case .raw(let bytes):
      writeAll(fd, bytes)
      close(fd)
    case .close:
      close(fd)
    case .hang:
      lock.lock()
      if stopped {
        close(fd)
      } else {
        heldOpen.append(fd)
      }
      lock.unlock()
    }
  }

  /// Reads one request; `nil` when the peer sends something that is not HTTP/1.x.
  private func readRequest(_ fd: Int32) -> HTTPRequest? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    let separator: [UInt8] = [13, 10, 13, 10]
    var headerEnd: Int?
    while headerEnd == nil {
      let n = read(fd, &chunk, chunk.count)
      guard n > 0 else { return nil }
      buffer += chunk[0..<n]
      guard let first = buffer.first, (0x41...0x5A).contains(first) else { return nil }
      headerEnd = Self.find(separator, in: buffer)
      if headerEnd == nil && buffer.count > 1 << 20 { return nil }
    }
    guard let end = headerEnd else { return nil }
    let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(
        String(line[..<colon]),
        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }
    if headers["Expect"]?.lowercased() == "100-continue" {
      writeAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    let length = Int(headers["Content-Length"] ?? "0") ?? 0
    var body = Array(buffer[(end + 4)...])
    while body.count < length {
      let n = read(fd, &chunk, chunk.count)
      guard n > 0 else { break }
      body += chunk[0..<n]
    }
    return HTTPRequest(
      method: String(requestLine[0]), url: String(requestLine[1]), headers: headers, body: body)
  }

  private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes {
        send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard n > 0 else { return }
      offset += n
    }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for i in 0...(haystack.count - needle.count)
    where haystack[i..<(i + needle.count)].elementsEqual(needle) {
      return i
    }
    return nil
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 302: return "Found"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 500: return "Internal Server Error"
    default: return "Status"
    }
  }

  /// A socket call that failed while starting the stub.
  public enum StubError: Error, CustomStringConvertible {
    case socket(String, Int32)
    public var description: String {
      switch self {
      case .socket(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
      }
    }
  }
}
