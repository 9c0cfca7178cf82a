import Foundation
import GraphAPI
import GraphServer

/// One client connection: its first request decides what it is. `CONNECT` opens a TLS
/// session answered by the server (or a pass-through tunnel, or a 502); anything else is
/// plain HTTP, handed to the server as it stands (not a byte consumed).
extension GraphProxy {
  static let connectPrefix = Array("CONNECT ".utf8)

  func serveClient(_ fd: Int32) {
    guard isConnect(fd) else {
      if !server.adopt(GraphServer.AdoptedConnection(fd: fd, scheme: "http")) {
        Socket.close(fd)
      }
      return
    }
    defer { Socket.close(fd) }
    let started = Socket.now()
    guard let head = ConnectHead.read(fd, limits: server.configuration.limits) else { return }
    let request: ParsedRequest
    switch head {
    case .refused(let error):
      let status = error.status ?? 400
      let message = error.description
      refuse(fd, status: status, message: message, method: nil, target: nil, started: started)
      return
    case .request(let parsed):
      request = parsed
    }
    let (host, port) = GraphHosts.split(authority: request.target)
    if GraphHosts.isAnswered(host) {
      terminate(fd, host: host, request: request, started: started)
    } else if configuration.passThrough {
      tunnel(fd, host: host, port: port ?? 443, request: request, started: started)
    } else {
      refuse(
        fd, status: 502, message: HostPolicy.refusalMessage(host: request.target),
        method: request.method, target: request.target, started: started)
    }
  }

  /// Whether the client's first bytes are `CONNECT `, without consuming them.
  private func isConnect(_ fd: Int32) -> Bool {
    let (seconds, attoseconds) = configuration.handshakeTimeout.components
    let deadline =
      Socket.now() + UInt64(max(0, seconds)) * 1_000_000_000
      + UInt64(max(0, attoseconds) / 1_000_000_000)
    while true {
      guard let bytes = ProxySocket.peek(fd, count: Self.connectPrefix.count) else { return false }
      if bytes.count == Self.connectPrefix.count { return bytes == Self.connectPrefix }
      guard Self.connectPrefix.starts(with: bytes), Socket.now() < deadline else { return false }
      // A request line arriving a few bytes at a time: wait for the rest of the prefix.
      usleep(1000)
    }
  }

  /// Answers the CONNECT 200, does the handshake with `host`'s leaf, and relays the
  /// decrypted connection to the server until either side ends.
  private func terminate(_ fd: Int32, host: String, request: ParsedRequest, started: UInt64) {
    guard ProxySocket.sendAll(fd, Self.established) else { return }
    let tls: TLSStream
    do throws(ProxyError) {
      tls = try TLSStream(fd: fd, context: contexts.context(for: host))
      try tls.accept()
    } catch {
      log(
        method: request.method, target: request.target, status: 200, started: started,
        error:
          "the TLS handshake failed (does the client trust graph-explorer's CA? see graph-explorer proxy --ca): \(error)"
      )
      return
    }
    guard let (proxyEnd, serverEnd) = ProxySocket.pair() else { return }
    defer { Socket.close(proxyEnd) }
    guard setPhase(fd, .relaying),
      server.adopt(GraphServer.AdoptedConnection(fd: serverEnd, scheme: "https"))
    else {
      Socket.close(serverEnd)
      tls.shutdown()
      return
    }
    TLSRelay(
      tls: tls, plain: proxyEnd,
      stallTimeout: server.configuration.idleTimeout + .seconds(5)
    ).run()
  }

  /// `--pass-through`: a blind tunnel to `host`:`port`.
  private func tunnel(
    _ fd: Int32, host: String, port: Int, request: ParsedRequest, started: UInt64
  ) {
    switch ProxySocket.connect(host: host, port: port, timeout: configuration.handshakeTimeout) {
    case .failure(let error):
      refuse(
        fd, status: 502, message: "cannot reach \(request.target) to pass it through: \(error)",
        method: request.method, target: request.target, started: started)
    case .success(let upstream):
      defer { Socket.close(upstream) }
      guard ProxySocket.sendAll(fd, Self.established), setPhase(fd, .tunnel) else { return }
      log(
        method: request.method, target: request.target, status: 200, started: started,
        error: "passed through, not answered")
      ByteTunnel(client: fd, upstream: upstream, idleTimeout: server.configuration.idleTimeout)
        .run()
    }
  }

  static let established = Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)

  /// Answers `status` with a Graph-style error body and logs it.
  private func refuse(
    _ fd: Int32, status: Int, message: String, method: String?, target: String?,
    started: UInt64
  ) {
    let response = HTTPResponseWriter.errorResponse(status: status, message: message)
    ProxySocket.sendAll(
      fd, HTTPResponseWriter.bytes(response, method: "GET", minorVersion: 1, keepAlive: false))
    log(
      method: method, target: target, status: status, started: started, error: message,
      responseBytes: response.body.count)
  }

  private func log(
    method: String?, target: String?, status: Int, started: UInt64, error: String,
    responseBytes: Int = 0
  ) {
    guard let accessLog = server.configuration.accessLog else { return }
    accessLog(
      GraphServer.AccessLogEntry(
        method: method, target: target, status: status, requestBytes: 0,
        responseBytes: responseBytes,
        duration: .nanoseconds(Int64(Socket.now() - started)), error: error))
    server.configuration.accessLogFlush?()
  }
}
