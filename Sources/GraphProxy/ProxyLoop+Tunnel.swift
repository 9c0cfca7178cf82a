import Foundation
import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--pass-through`: a `CONNECT` to a host the proxy does not answer becomes a blind tunnel.
/// The host is looked up on another thread (`getaddrinfo` blocks), then connected to without
/// blocking, within `handshakeTimeout` from the look-up's start.
extension ProxyLoop {
  func resolve(_ client: ProxyClient, early: ArraySlice<UInt8>) {
    client.phase = .resolving
    client.toPlain = Array(early)
    client.deadline = Socket.now() + configuration.handshakeTimeout.nanosecondCount
    let (host, port, id) = (client.host, client.port, client.id)
    let address = client.target ?? host
    Thread { [self] in
      resolved(id, Self.lookUp(host: host, port: port, address: address))
    }.start()
  }

  /// The stream addresses of `host`:`port`.
  static func lookUp(host: String, port: Int, address: String) -> Result<
    [SocketAddress], ProxyError
  > {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Socket.streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, list != nil else {
      return .failure(.socketFailed(call: "getaddrinfo", address: address, errno: EHOSTUNREACH))
    }
    defer { freeaddrinfo(list) }
    var addresses: [SocketAddress] = []
    var candidate = list
    while let info = candidate {
      candidate = info.pointee.ai_next
      guard let raw = info.pointee.ai_addr else { continue }
      let bytes = UnsafeRawBufferPointer(start: raw, count: Int(info.pointee.ai_addrlen))
      addresses.append(SocketAddress(family: info.pointee.ai_family, bytes: Array(bytes)))
    }
    return .success(addresses)
  }

  /// Starts connecting to the next address, or refuses 502 when none is left.
  func connectUpstream(
    _ client: ProxyClient, _ result: Result<[SocketAddress], ProxyError>,
    lastErrno: Int32 = EHOSTUNREACH
  ) {
    switch result {
    case .failure(let error):
      return refuse(
        client, status: 502,
        message: "cannot reach \(client.target ?? client.host) to pass it through: \(error)")
    case .success(let addresses):
      client.addresses = addresses
    }
    var lastErrno = lastErrno
    while !client.addresses.isEmpty {
      let address = client.addresses.removeFirst()
      let fd = socket(address.family, Socket.streamType, 0)
      guard fd >= 0 else {
        lastErrno = errno
        continue
      }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      let started = address.bytes.withUnsafeBytes { raw in
        raw.withMemoryRebound(to: sockaddr.self) {
          systemConnect(fd, $0.baseAddress, socklen_t(raw.count))
        }
      }
      if started == 0 || errno == EINPROGRESS {
        client.plain = fd
        client.phase = .connecting
        updateInterest(client)
        return
      }
      lastErrno = errno
      Socket.close(fd)
    }
    refuse(
      client, status: 502,
      message:
        "cannot reach \(client.target ?? client.host) to pass it through: \(String(cString: strerror(lastErrno)))"
    )
  }

  /// The upstream socket became writable: connected, or failed (then the next address).
  func upstreamConnected(_ client: ProxyClient) {
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(client.plain, SOL_SOCKET, SO_ERROR, &failure, &length)
    guard failure == 0 else {
      poller.change(client.plain, token: client.id << 1 | 1, from: client.plainInterest, to: [])
      client.plainInterest = []
      Socket.close(client.plain)
      client.plain = -1
      return connectUpstream(client, .success(client.addresses), lastErrno: failure)
    }
    client.phase = .tunnel
    client.deadline = idleDeadline(client)
    client.toClient += Self.established
    log(client, status: 200, error: "passed through, not answered")
    flushPlain(client)
    if !client.isClosed { flushClient(client) }
  }
}

#if canImport(Glibc)
  private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t)
    -> Int32
  { Glibc.connect(fd, address, length) }
#else
  private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t)
    -> Int32
  { Darwin.connect(fd, address, length) }
#endif
