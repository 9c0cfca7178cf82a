import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket calls `FaultServer` makes, with POSIX's spelling differences kept here.
enum FaultSocket {
  /// A socket call that failed while starting a fault server.
  struct Failure: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A TCP socket bound to 127.0.0.1 on a port the system picks, and the port.
  static func bound() throws -> (Int32, Int) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "bind", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// A listening loopback socket and its port.
  static func listen() throws -> (Int32, Int) {
    let (fd, port) = try bound()
    #if canImport(Glibc)
      let listening = Glibc.listen(fd, 64)
    #else
      let listening = Darwin.listen(fd, 64)
    #endif
    guard listening == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "listen", code: code)
    }
    return (fd, port)
  }

  /// Makes writes to a closed peer fail with EPIPE instead of raising SIGPIPE (Darwin; Linux
  /// passes MSG_NOSIGNAL on each send).
  static func noSignalPipe(_ fd: Int32) {
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Makes the next `close` send a TCP reset instead of an orderly close.
  static func lingerZero(_ fd: Int32) {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }

  /// Writes every byte; false when the peer has gone.
  static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// Reads one request: the head up to the blank line and a `Content-Length` body. `nil` when
  /// the peer closes first or sends something that is not HTTP/1.x.
  static func readRequest(_ fd: Int32) -> HTTPRequest? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16384)
    var headEnd: Int?
    while headEnd == nil {
      let n = recv(fd, &chunk, chunk.count, 0)
      if n < 0, errno == EINTR { continue }
      guard n > 0, buffer.count < 1 << 20 else { return nil }
      buffer += chunk[0..<n]
      // A method starts with a capital letter; anything else (a TLS ClientHello, say) is not
      // HTTP, and waiting for its blank line would hang both sides.
      guard let first = buffer.first, (0x41...0x5A).contains(first) else { return nil }
      headEnd = blankLine(in: buffer)
    }
    guard let end = headEnd else { return nil }
    let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces)
    }
    if headers["Expect"]?.lowercased() == "100-continue" {
      _ = write(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    let length = Int(headers["Content-Length"] ?? "0") ?? 0
    var body = Array(buffer[(end + 4)...])
    while body.count < length {
      let n = recv(fd, &chunk, chunk.count, 0)
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { break }
      body += chunk[0..<n]
    }
    return HTTPRequest(
      method: String(requestLine[0]), url: String(requestLine[1]), headers: headers, body: body)
  }

  private static func blankLine(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4)
    where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
      return i
    }
    return nil
  }
}
