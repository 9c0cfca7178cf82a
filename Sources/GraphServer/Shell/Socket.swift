#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls the server makes, behind one small surface; every platform difference of
/// the module lives in this file.
package enum Socket {
  package enum ReadResult { case bytes(Int), end, wouldBlock, failed }
  package enum WriteResult { case wrote(Int), wouldBlock, failed }

  #if canImport(Glibc)
    package static let streamType = Int32(SOCK_STREAM.rawValue)
    package static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    package static let streamType = SOCK_STREAM
    package static let sendFlags: Int32 = 0
  #endif

  /// A non-blocking listening socket on `host`:`port` (0 picks a free port) and the port it got.
  package static func listen(host: String, port: Int, backlog: Int32) throws(GraphServerError) -> (
    fd: Int32, port: Int
  ) {
    let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    guard (0...65535).contains(port) else {
      throw .invalidConfiguration("the port \(port) is not between 0 and 65535")
    }
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .unresolvableHost(host, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(list) }
    var lastError: GraphServerError = .unresolvableHost(host, reason: "no address")
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, streamType, 0)
      guard fd >= 0 else {
        lastError = .socketFailed(call: "socket", address: address, errno: errno)
        continue
      }
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
        lastError = .socketFailed(call: "bind", address: address, errno: errno)
      } else if systemListen(fd, backlog) != 0 {
        lastError = .socketFailed(call: "listen", address: address, errno: errno)
      } else if let bound = boundPort(fd) {
        prepare(fd)
        return (fd, bound)
      }
      close(fd)
    }
    throw lastError
  }

  package enum AcceptResult { case accepted(Int32), nothing, outOfDescriptors }

  /// Accepts one pending connection, non-blocking and with Nagle off.
  package static func accept(_ listener: Int32) -> AcceptResult {
    #if canImport(Glibc)
      let fd = Glibc.accept(listener, nil, nil)
    #else
      let fd = Darwin.accept(listener, nil, nil)
    #endif
    guard fd >= 0 else { return errno == EMFILE || errno == ENFILE ? .outOfDescriptors : .nothing }
    prepare(fd)
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return .accepted(fd)
  }

  package static func read(_ fd: Int32, into buffer: inout [UInt8]) -> ReadResult {
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count > 0 { return .bytes(count) }
    if count == 0 { return .end }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
  }

  package static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int) -> WriteResult {
    let count = bytes.withUnsafeBytes {
      send(fd, $0.baseAddress! + offset, $0.count - offset, sendFlags)
    }
    if count >= 0 { return .wrote(count) }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
  }

  /// Writes `first[firstOffset...]` then `second[secondOffset...]` with one `writev`; the
  /// count written covers both in order.
  static func write(
    _ fd: Int32, _ first: [UInt8], from firstOffset: Int, _ second: [UInt8],
    from secondOffset: Int
  ) -> WriteResult {
    let count = first.withUnsafeBytes { head in
      second.withUnsafeBytes { tail in
        var vectors = (
          iovec(
            iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress! + firstOffset),
            iov_len: head.count - firstOffset),
          iovec(
            iov_base: UnsafeMutableRawPointer(mutating: tail.baseAddress! + secondOffset),
            iov_len: tail.count - secondOffset)
        )
        return withUnsafeBytes(of: &vectors) { raw in
          var message = msghdr()
          message.msg_iov = UnsafeMutablePointer(
            mutating: raw.baseAddress!.assumingMemoryBound(to: iovec.self))
          message.msg_iovlen = 2
          return sendmsg(fd, &message, sendFlags)
        }
      }
    }
    if count >= 0 { return .wrote(count) }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
  }

  /// A pipe whose ends are both non-blocking: the loop's wake-up call.
  package static func pipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [0, 0]
    #if canImport(Glibc)
      guard Glibc.pipe(&fds) == 0 else { return nil }
    #else
      guard Darwin.pipe(&fds) == 0 else { return nil }
    #endif
    prepare(fds[0])
    prepare(fds[1])
    return (fds[0], fds[1])
  }

  package static func wake(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = withUnsafePointer(to: &byte) { systemWrite(fd, $0, 1) }
  }

  package static func drain(_ fd: Int32) {
    var bytes = [UInt8](repeating: 0, count: 256)
    while bytes.withUnsafeMutableBytes({ systemRead(fd, $0.baseAddress, 256) }) > 0 {}
  }

  /// Ends both directions of `fd` (a thread blocked on it returns), without closing it.
  package static func shutdownBoth(_ fd: Int32) { shutdown(fd, direction: SHUT_RDWR) }

  /// Ends the writing direction of `fd`: the peer reads the end.
  package static func shutdownWrite(_ fd: Int32) { shutdown(fd, direction: SHUT_WR) }

  private static func shutdown(_ fd: Int32, direction: some BinaryInteger) {
    #if canImport(Glibc)
      _ = Glibc.shutdown(fd, Int32(direction))
    #else
      _ = Darwin.shutdown(fd, Int32(direction))
    #endif
  }

  package static func close(_ fd: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }

  /// Waits for events on `fds` for at most `timeout` milliseconds (again when a signal
  /// interrupts the wait); the number of ready entries, 0 when the time passed.
  package static func poll(_ fds: inout [pollfd], timeout: Int32) -> Int32 {
    while true {
      #if canImport(Glibc)
        let ready = Glibc.poll(&fds, nfds_t(fds.count), timeout)
      #else
        let ready = Darwin.poll(&fds, nfds_t(fds.count), timeout)
      #endif
      if ready < 0, errno == EINTR { continue }
      return ready
    }
  }

  /// Monotonic time in nanoseconds.
  package static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// A socket connected elsewhere, made ready for the loop as an accepted one is.
  package static func prepareAdopted(_ fd: Int32) { prepare(fd) }

  /// Non-blocking, close-on-exec, and (on Darwin) no SIGPIPE on writes to a closed peer.
  private static func prepare(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func boundPort(_ fd: Int32) -> Int? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let ok = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard ok == 0 else { return nil }
    return withUnsafePointer(to: &storage) { pointer in
      switch Int32(pointer.pointee.ss_family) {
      case AF_INET:
        pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin_port))
        }
      case AF_INET6:
        pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      default: nil
      }
    }
  }
}

#if canImport(Glibc)
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
  private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    Glibc.write(fd, p, n)
  }
  private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int {
    Glibc.read(fd, p, n)
  }
#else
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
  private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    Darwin.write(fd, p, n)
  }
  private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int {
    Darwin.read(fd, p, n)
  }
#endif
