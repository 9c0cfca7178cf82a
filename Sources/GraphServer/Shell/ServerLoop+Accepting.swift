/// New connections: accepted from the listener (at most 64 a turn, room made at the cap), or
/// handed over by `adopt` (a proxy's decrypted connection, with the bytes already read).
extension ServerLoop {
  func acceptConnections() {
    guard let listener else { return }
    var accepted = 0
    acceptPausedUntil = 0
    while accepted < 64 {
      if connections.count >= maxConnections, !makeRoom() { return }
      switch Socket.accept(listener) {
      case .accepted(let fd): touch(register(fd))
      case .nothing: return
      case .outOfDescriptors:
        acceptPausedUntil = Socket.now() + 100_000_000
        return
      }
      accepted += 1
    }
  }

  /// Serves a socket handed over by `adopt`, starting with the bytes already read from it.
  func serveAdopted(_ adopted: GraphServer.AdoptedConnection) {
    Socket.prepareAdopted(adopted.fd)
    let connection = register(adopted.fd)
    connection.scheme = adopted.scheme
    connection.logsURL = true
    if adopted.initialBytes.isEmpty {
      touch(connection)
    } else {
      connection.parser.receive(adopted.initialBytes)
      drive(connection)
    }
  }

  /// A new connection on `fd`, numbered next, waiting for its first request.
  private func register(_ fd: Int32) -> Connection {
    nextID += 1
    let now = Socket.now()
    let connection = Connection(
      id: nextID, fd: fd, limits: configuration.limits, acceptedAt: now,
      deadline: now + configuration.idleTimeout.nanoseconds)
    connections[nextID] = connection
    return connection
  }
}
