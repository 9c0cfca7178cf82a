import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Carries bytes between a client's TLS session and the plain socket whose other end the
/// server serves, on the calling thread, until either side is done: decrypted requests go to
/// the server, its answers go back encrypted. Both sockets are non-blocking; one `poll` waits
/// for whichever side can move. A side that makes no progress for `stallTimeout` (a client
/// that stops reading its answer) ends the relay.
struct TLSRelay {
  let tls: TLSStream
  /// The proxy's end of the pair; the server has the other.
  let plain: Int32
  let stallTimeout: Duration

  func run() {
    ProxySocket.makeNonBlocking(tls.fd)
    ProxySocket.makeNonBlocking(plain)
    var toServer: [UInt8] = []
    var toServerOffset = 0
    var toClient: [UInt8] = []
    var toClientOffset = 0
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var clientEnded = false
    var serverEnded = false
    var tlsWantsRead = false
    var tlsWantsWrite = false
    let stallMilliseconds = Int32(clamping: stallTimeout.components.seconds * 1000)
    while true {
      tlsWantsRead = false
      tlsWantsWrite = false
      // Client -> server: decrypt while the last piece has gone on.
      while !clientEnded, toServerOffset == toServer.count {
        let progress = buffer.withUnsafeMutableBytes { tls.read(into: $0) }
        switch progress {
        case .done(let count):
          toServer = Array(buffer[0..<count])
          toServerOffset = 0
          toServerOffset += write(plain, toServer, from: toServerOffset) ?? toServer.count
        case .wantRead: tlsWantsRead = true
        case .wantWrite: tlsWantsWrite = true
        case .closed:
          clientEnded = true
          Socket.shutdownWrite(plain)
        }
        if tlsWantsRead || tlsWantsWrite { break }
      }
      if toServerOffset < toServer.count {
        toServerOffset += write(plain, toServer, from: toServerOffset) ?? toServer.count
      }
      // Server -> client: encrypt what the server answered.
      if toClientOffset == toClient.count, !serverEnded {
        let got = buffer.withUnsafeMutableBytes { recv(plain, $0.baseAddress, $0.count, 0) }
        if got > 0 {
          toClient = Array(buffer[0..<got])
          toClientOffset = 0
        } else if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
          serverEnded = true
        }
      }
      while toClientOffset < toClient.count {
        let progress = toClient.withUnsafeBytes {
          tls.write(UnsafeRawBufferPointer(rebasing: $0[toClientOffset...]))
        }
        switch progress {
        case .done(let count): toClientOffset += count
        case .wantRead: tlsWantsRead = true
        case .wantWrite: tlsWantsWrite = true
        case .closed:
          // The client is gone: nothing more can reach it.
          return
        }
        if tlsWantsRead || tlsWantsWrite { break }
      }
      let clientHasAll = toClientOffset == toClient.count
      if serverEnded, clientHasAll {
        tls.shutdown()
        return
      }
      if clientEnded, toServerOffset == toServer.count, serverEnded { return }
      // Nothing more can move without waiting.
      var fds: [pollfd] = []
      var clientEvents: Int16 = 0
      if tlsWantsRead { clientEvents |= Int16(POLLIN) }
      if tlsWantsWrite { clientEvents |= Int16(POLLOUT) }
      var serverEvents: Int16 = 0
      if clientHasAll, !serverEnded { serverEvents |= Int16(POLLIN) }
      if toServerOffset < toServer.count { serverEvents |= Int16(POLLOUT) }
      fds.append(pollfd(fd: tls.fd, events: clientEvents, revents: 0))
      fds.append(pollfd(fd: plain, events: serverEvents, revents: 0))
      if clientEvents == 0, serverEvents == 0 { return }
      if Socket.poll(&fds, timeout: stallMilliseconds) <= 0 { return }
    }
  }

  /// Writes what the non-blocking `fd` takes; `nil` when the peer is gone (the rest dropped).
  private func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int) -> Int? {
    let sent = bytes.withUnsafeBytes {
      send(fd, $0.baseAddress! + offset, $0.count - offset, ProxySocket.sendFlags)
    }
    if sent >= 0 { return sent }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
  }
}
