import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking loopback TCP client speaking raw HTTP/1.1, for tests that pipeline, stall or
/// hold connections open as a hostile client would. Every call has a receive timeout.
public final class RawHTTPClient: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// One answer as read off the wire.
  public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
  }

  public let fd: Int32
  private var buffer: [UInt8] = []

  /// Connects to `127.0.0.1:port`; reads and writes give up after `timeout` seconds.
  public init(port: Int, timeout: Double = 10) throws {
    #if canImport(Glibc)
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
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
      let code = errno
      _ = close(fd)
      throw Failure(description: "connect to port \(port) failed: errno \(code)")
    }
  }

  deinit { _ = close(fd) }

  /// Sends all of `text`.
  public func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        Foundation.send(fd, $0.baseAddress! + offset, bytes.count - offset, flags)
      }
      guard n > 0 else { throw Failure(description: "send failed: errno \(errno)") }
      offset += n
    }
  }

  /// Reads one answer framed by its `Content-Length`.
  public func readResponse() throws -> Response {
    let marker = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while headEnd == nil {
      if buffer.count >= 4 {
        headEnd = (0...(buffer.count - 4)).first { buffer[$0..<$0 + 4].elementsEqual(marker) }
      }
      if headEnd == nil { try fill() }
    }
    let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
    buffer.removeFirst(headEnd! + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw Failure(description: "bad status line in \(head)")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
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

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else {
      throw Failure(description: n == 0 ? "the server closed the connection" : "timed out")
    }
    buffer += chunk[..<n]
  }
}
