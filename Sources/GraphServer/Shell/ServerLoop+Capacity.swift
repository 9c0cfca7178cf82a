/// At the connection cap, a waiting client gets a slot: the longest-idle keep-alive connection
/// is closed, or else the request that has been arriving the longest is refused 408 once it is
/// older than `Configuration.requestTimeoutAtCapacity`. So idle and slowloris connections can
/// fill the cap without shutting fresh clients out.
extension ServerLoop {
  /// What a connection can give up for a waiting client.
  private enum Room {
    /// Closing it costs nothing: it is draining, or idle between keep-alive requests.
    case idle(since: UInt64)
    /// It has been waiting for a request (or the rest of one) since then.
    case slow(since: UInt64)
    case busy
  }

  private func room(_ connection: Connection) -> Room {
    switch connection.phase {
    case .draining: return .idle(since: 0)
    case .processing, .writing: return .busy
    case .reading:
      if connection.hasPendingOutput { return .busy }
      if let started = connection.requestStarted { return .slow(since: started) }
      if connection.servedRequests == 0 { return .slow(since: connection.acceptedAt) }
      // Idle keep-alive: the deadline is the idle timeout from the last answer.
      return .idle(since: connection.deadline)
    }
  }

  /// Whether a slot can be freed now; otherwise `roomAt` says when one can (0: not by waiting).
  func canMakeRoom() -> Bool {
    let grace = configuration.requestTimeoutAtCapacity.nanoseconds
    var earliest = UInt64.max
    for connection in connections.values {
      switch room(connection) {
      case .idle: return true
      case .slow(let since): earliest = min(earliest, since + grace)
      case .busy: break
      }
    }
    if earliest <= Socket.now() { return true }
    if earliest != .max { roomAt = earliest }
    return false
  }

  /// Frees one slot for a waiting client, if the rules above allow; whether it did.
  func makeRoom() -> Bool {
    var idlest: (Connection, UInt64)?
    var slowest: (Connection, UInt64)?
    for connection in connections.values {
      switch room(connection) {
      case .idle(let since): if since < idlest?.1 ?? .max { idlest = (connection, since) }
      case .slow(let since): if since < slowest?.1 ?? .max { slowest = (connection, since) }
      case .busy: break
      }
    }
    if let (connection, _) = idlest {
      close(connection)
      return true
    }
    guard let (connection, since) = slowest,
      since + configuration.requestTimeoutAtCapacity.nanoseconds <= Socket.now()
    else { return false }
    shed(connection)
    return true
  }

  /// Answers a slow request 408 with one write attempt, and closes at once.
  private func shed(_ connection: Connection) {
    let reason =
      "the request did not arrive within \(milliseconds(configuration.requestTimeoutAtCapacity)) ms while the server was at its connection cap"
    let response = HTTPResponseWriter.errorResponse(status: 408, message: reason)
    let bytes = HTTPResponseWriter.bytes(
      response, method: "GET", minorVersion: 1, keepAlive: false)
    _ = Socket.write(connection.fd, bytes, from: 0)
    configuration.accessLog?(
      GraphServer.AccessLogEntry(
        method: nil, target: nil, status: 408, requestBytes: 0,
        responseBytes: response.body.count, duration: .zero, error: reason))
    close(connection)
  }

  private func milliseconds(_ duration: Duration) -> UInt64 { duration.nanoseconds / 1_000_000 }
}
