import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One I/O loop's kept-alive upstream connections for one `LoopHTTPTransport`, by
/// `host:port`, and the buffer its exchanges read into (the loop's thread alone uses them).
final class IdleUpstreams: LoopAttachment {
  /// The most idle connections kept per upstream (as many as `serve --record` forwards at once).
  static let keep = 256
  private var idle: [String: [Int32]] = [:]
  var scratch = [UInt8](repeating: 0, count: 64 * 1024)

  /// A kept connection to `key` that is still open and has nothing unread, if any.
  func take(_ key: String) -> Int32? {
    while let fd = idle[key]?.popLast() {
      var byte: UInt8 = 0
      let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return fd }
      // Closed by the upstream while idle, or bytes nobody asked for: not used again.
      close(fd)
    }
    return nil
  }

  /// Keeps `fd` for the next exchange with `key`.
  func give(_ fd: Int32, _ key: String) {
    if idle[key, default: []].count < Self.keep {
      idle[key, default: []].append(fd)
    } else {
      close(fd)
    }
  }

  func loopEnded() {
    for fd in idle.values.joined() { close(fd) }
    idle = [:]
  }
}
