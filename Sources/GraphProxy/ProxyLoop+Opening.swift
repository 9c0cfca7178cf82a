import GraphServer

/// A client's first request: `CONNECT` to a host the proxy answers opens a TLS session whose
/// decrypted requests the server answers; to another host a pass-through tunnel (with
/// `--pass-through`) or a 502; anything else is plain HTTP, handed to the server with the
/// bytes read so far.
extension ProxyLoop {
  static let connectPrefix = Array("CONNECT ".utf8)
  static let established = Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)

  func clientReadable(_ client: ProxyClient) {
    switch client.phase {
    case .head: readHead(client)
    case .handshake, .relay: readTLS(client)
    case .tunnel: readTunnel(client)
    case .refusing, .resolving, .connecting: break
    }
  }

  func clientWritable(_ client: ProxyClient) {
    flushClient(client)
  }

  private func readHead(_ client: ProxyClient) {
    switch Socket.read(client.fd, into: &scratch) {
    case .bytes(let count):
      client.head += scratch[0..<count]
      client.lastHeard = batchTime
    case .end, .failed:
      return close(client)
    case .wouldBlock:
      return
    }
    let prefix = min(client.head.count, Self.connectPrefix.count)
    guard client.head[0..<prefix].elementsEqual(Self.connectPrefix[0..<prefix]) else {
      // Plain HTTP: the server reads it from here on, with its own limits and deadlines.
      let adopted = GraphServer.AdoptedConnection(
        fd: client.fd, scheme: "http", initialBytes: client.head)
      release(client)
      if !server.adopt(adopted) { Socket.close(client.fd) }
      return
    }
    guard
      let (end, outcome) = ConnectHead.find(
        client.head, searched: client.searched, limits: server.configuration.limits)
    else {
      client.searched = client.head.count
      return
    }
    switch outcome {
    case .refused(let error):
      let status = error.status ?? 400
      let message: String
      if case .badRequest(_, let reason) = error { message = reason } else { message = "\(error)" }
      refuse(client, status: status, message: message)
    case .request(let request):
      client.method = request.method
      client.target = request.target
      let (host, port) = GraphHosts.split(authority: request.target)
      client.host = host
      client.port = port ?? 443
      // What the client sent after the head is the start of its TLS (or its tunnel's bytes).
      let early = client.head[end...]
      client.head = []
      if GraphHosts.isAnswered(host) {
        startHandshake(client, early: early)
      } else if configuration.passThrough {
        resolve(client, early: early)
      } else {
        refuse(client, status: 502, message: HostPolicy.refusalMessage(host: request.target))
      }
    }
  }

  /// Answers `status` with a Graph-style error body, logs it, and closes once it is written.
  func refuse(_ client: ProxyClient, status: Int, message: String) {
    let response = HTTPResponseWriter.errorResponse(status: status, message: message)
    client.toClient += HTTPResponseWriter.bytes(
      response, method: "GET", minorVersion: 1, keepAlive: false)
    client.phase = .refusing
    client.closeWhenWritten = true
    client.deadline =
      Socket.now() + min(server.configuration.writeTimeout.nanosecondCount, 5_000_000_000)
    log(client, status: status, error: message, responseBytes: response.body.count)
    flushClient(client)
  }

  private func startHandshake(_ client: ProxyClient, early: ArraySlice<UInt8>) {
    do throws(ProxyError) {
      client.tls = try TLSSession(context: context, connectHost: client.host)
    } catch {
      return refuse(client, status: 502, message: "the proxy cannot open TLS: \(error)")
    }
    client.toClient += Self.established
    client.phase = .handshake
    client.deadline = Socket.now() + configuration.handshakeTimeout.nanosecondCount
    if !early.isEmpty { client.tls?.feed(early) }
    advanceHandshake(client)
  }

  /// Reads ciphertext from the client into its session, then moves the handshake or the
  /// relay on.
  private func readTLS(_ client: ProxyClient) {
    guard let tls = client.tls else { return close(client) }
    switch Socket.read(client.fd, into: &scratch) {
    case .bytes(let count):
      tls.feed(scratch[0..<count])
      if client.phase == .handshake { client.lastHeard = batchTime }
    case .end, .failed:
      if client.phase == .handshake {
        log(client, status: 200, error: "the client closed the connection during the TLS handshake")
        return close(client)
      }
      clientEnded(client)
      return
    case .wouldBlock:
      return
    }
    if client.phase == .handshake {
      advanceHandshake(client)
    } else {
      decrypt(client)
    }
  }

  private func advanceHandshake(_ client: ProxyClient) {
    guard let tls = client.tls else { return close(client) }
    let step = tls.handshake()
    tls.takeOutput(into: &client.toClient)
    switch step {
    case nil:
      startRelay(client)
    case .more?, .bytes?:
      flushClient(client)
    case .closed?, .failed?:
      var reason = "closed"
      if case .failed(let detail)? = step { reason = detail }
      log(
        client, status: 200,
        error:
          "the TLS handshake failed (does the client trust graph-explorer's CA? see graph-explorer proxy --ca): \(reason)"
      )
      // The alert, if any, goes out with one write attempt.
      client.closeWhenWritten = true
      flushClient(client)
      if !client.isClosed { close(client) }
    }
  }

  /// The handshake is done: the server gets the other end of a socket pair and serves the
  /// decrypted requests on it as it serves `serve`'s clients.
  private func startRelay(_ client: ProxyClient) {
    guard let (proxyEnd, serverEnd) = Self.socketPair() else {
      log(client, status: 502, error: "socketpair failed: \(String(cString: strerror(errno)))")
      return close(client)
    }
    guard server.adopt(GraphServer.AdoptedConnection(fd: serverEnd, scheme: "https")) else {
      Socket.close(serverEnd)
      Socket.close(proxyEnd)
      return close(client)
    }
    client.plain = proxyEnd
    client.phase = .relay
    client.deadline = .max
    decrypt(client)
  }

  /// A connected pair of non-blocking, close-on-exec local stream sockets.
  static func socketPair() -> (Int32, Int32)? {
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Socket.streamType, 0, &fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return (fds[0], fds[1])
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
