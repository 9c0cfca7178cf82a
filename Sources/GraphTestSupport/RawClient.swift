import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking TCP client speaking raw bytes, to drive the server exactly as a test needs
/// (pipelining, trickling, garbage, stalled or held connections, as a hostile client would).
/// Every call has a receive timeout, so nothing hangs.
public final class RawClient: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// One response as read off the wire.
  public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
  }

  public let fd: Int32
  private var buffer: [UInt8] = []

  /// Connects to `127.0.0.1:port`; reads and writes give up after `timeout` seconds.
  public init(port: Int, timeout: Double = 5) throws {
    #if canImport(Glibc)
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(description: "socket failed") }
    var tv = timeval()
    tv.tv_sec = .init(timeout)
    tv.tv_usec = .init((timeout - Double(Int(timeout))) * 1e6)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      closeSocket()
      throw Failure(description: "connect to port \(port) failed: errno \(errno)")
    }
  }

  deinit { closeSocket() }

  /// How long reads wait from now on.
  public func setReceiveTimeout(_ timeout: Double) {
    var tv = timeval()
    tv.tv_sec = .init(timeout)
    tv.tv_usec = .init((timeout - Double(Int(timeout))) * 1e6)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends all of `text`.
  public func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// Sends all of `bytes`.
  public func send(_ bytes: [UInt8]) throws {
    guard FaultSocket.write(fd, bytes) else {
      throw Failure(description: "send failed: errno \(errno)")
    }
  }

  /// Reads one response (a `100 Continue` counts as one); bodies framed by Content-Length.
  public func readResponse() throws -> Response {
    var headEnd: Int?
    while headEnd == nil {
      headEnd = find(Array("\r\n\r\n".utf8))
      if headEnd == nil { try fill() }
    }
    let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
    buffer.removeFirst(headEnd! + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1])
    else { throw Failure(description: "bad status line in \(head)") }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else {
        throw Failure(description: "bad header \(line)")
      }
      headers.add(
        String(line[..<colon]),
        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }
    let length = Int(headers["Content-Length"] ?? "0") ?? 0
    while buffer.count < length { try fill() }
    let body = Array(buffer[..<length])
    buffer.removeFirst(length)
    return Response(status: status, headers: headers, body: body)
  }

  /// Reads until the server closes (or the timeout); what arrived.
  public func readToEnd() -> [UInt8] {
    while (try? fill()) != nil {}
    defer { buffer = [] }
    return buffer
  }

  /// Whether the server has closed the connection (reads end) within the timeout.
  public func isClosedByServer() -> Bool {
    while true {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n == 0 { return true }
      if n < 0 { return errno == ECONNRESET }
    }
  }

  /// Closes the sending side (the server sees end of input).
  public func shutdownWrite() {
    #if canImport(Glibc)
      _ = shutdown(fd, Int32(SHUT_WR))
    #else
      _ = shutdown(fd, SHUT_WR)
    #endif
  }

  /// Closes with a reset (SO_LINGER 0), like a client that vanishes.
  public func abort() {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    closeSocket()
  }

  private var closed = false
  private func closeSocket() {
    guard !closed else { return }
    closed = true
    systemClose(fd)
  }

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else {
      throw Failure(
        description: n == 0 ? "the server closed the connection" : "recv errno \(errno)")
    }
    buffer += chunk[..<n]
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard buffer.count >= needle.count else { return nil }
    for i in 0...(buffer.count - needle.count)
    where buffer[i..<(i + needle.count)].elementsEqual(needle) {
      return i
    }
    return nil
  }
}

#if canImport(Glibc)
  private func systemClose(_ fd: Int32) { _ = Glibc.close(fd) }
#else
  private func systemClose(_ fd: Int32) { _ = Darwin.close(fd) }
#endif
