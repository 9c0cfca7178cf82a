import Foundation
import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The blocking socket calls of the proxy's front (GraphServer's `Socket` is non-blocking):
/// every platform difference of the module lives in this file.
enum ProxySocket {
  /// The platform's stream socket type and `send` flags (no SIGPIPE), as GraphServer's.
  static let streamType = Socket.streamType
  static let sendFlags = Socket.sendFlags

  /// Makes `fd` blocking, with `timeout` on each read and write (a stalled client then fails
  /// the call instead of holding its thread for ever).
  static func makeBlocking(_ fd: Int32, timeout: Duration) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    setTimeout(fd, timeout)
  }

  static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  static func setTimeout(_ fd: Int32, _ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    var value = timeval()
    value.tv_sec = .init(seconds)
    value.tv_usec = .init(attoseconds / 1_000_000_000_000)
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
  }

  /// A connected pair of local stream sockets, close-on-exec.
  static func pair() -> (Int32, Int32)? {
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, streamType, 0, &fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  /// Up to `count` bytes waiting on `fd`, left there; `nil` on end of file, error or timeout.
  static func peek(_ fd: Int32, count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
    guard got > 0 else { return nil }
    return Array(buffer[0..<got])
  }

  /// Reads exactly `count` bytes (already known to be waiting); `false` on failure.
  static func consume(_ fd: Int32, count: Int) -> Bool {
    var buffer = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = buffer.withUnsafeMutableBytes {
        recv(fd, $0.baseAddress! + offset, count - offset, 0)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { return false }
      offset += got
    }
    return true
  }

  /// Writes all of `bytes` on a blocking socket; `false` when the peer is gone or stalls.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + offset, $0.count - offset, sendFlags)
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// A blocking TCP connection to `host`:`port` (for `--pass-through`), or the reason none.
  static func connect(host: String, port: Int, timeout: Duration) -> Result<Int32, ProxyError> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    let address = "\(host):\(port)"
    guard status == 0, let first = list else {
      return .failure(.socketFailed(call: "getaddrinfo", address: address, errno: EHOSTUNREACH))
    }
    defer { freeaddrinfo(list) }
    var lastErrno: Int32 = EHOSTUNREACH
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, streamType, 0)
      guard fd >= 0 else {
        lastErrno = errno
        continue
      }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      setTimeout(fd, timeout)
      #if canImport(Glibc)
        let connected = Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
      #else
        let connected = Darwin.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
      #endif
      if connected == 0 { return .success(fd) }
      lastErrno = errno
      Socket.close(fd)
    }
    return .failure(.socketFailed(call: "connect", address: address, errno: lastErrno))
  }
}
