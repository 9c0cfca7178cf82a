import GraphServer

/// Carrying a client's bytes once it is open: decrypted requests to the server's end of the
/// pair and its answers back encrypted (a relay), or bytes both ways untouched (a tunnel).
/// Each direction reads only when what it read before has been written on (at most
/// `readAhead` waits for a slow client), so a large answer streams at the pace the client
/// reads it, whole, and memory stays bounded.
extension ProxyLoop {
  /// Decrypts what the client's session holds and writes it on to the server.
  func decrypt(_ client: ProxyClient) {
    guard let tls = client.tls else { return close(client) }
    readLoop: while client.plainPending < Self.readAhead {
      switch tls.read(into: &scratch) {
      case .bytes(let count): client.toPlain += scratch[0..<count]
      case .more: break readLoop
      case .closed:
        clientEnded(client)
        break readLoop
      case .failed:
        clientEnded(client)
        break readLoop
      }
    }
    // A TLS 1.3 session may have things to say after reading (session tickets, alerts).
    tls.takeOutput(into: &client.toClient)
    flushPlain(client)
    if !client.isClosed { flushClient(client) }
  }

  /// The client sent its last byte: the server gets the end once it has the rest.
  func clientEnded(_ client: ProxyClient) {
    client.clientEnded = true
    if client.phase == .relay || client.phase == .tunnel { flushPlain(client) }
    finishIfDone(client)
  }

  /// Writes what `plain` takes of `toPlain`; shuts its write side once the client ended.
  func flushPlain(_ client: ProxyClient) {
    guard client.plain >= 0 else { return }
    if client.plainPending > 0 {
      switch Socket.write(client.plain, client.toPlain, from: client.toPlainOffset) {
      case .wrote(let count): client.toPlainOffset += count
      case .wouldBlock: break
      case .failed:
        client.plainEnded = true
        client.toPlain = []
        client.toPlainOffset = 0
        return endTowardsClient(client)
      }
    }
    if client.plainPending == 0 {
      client.compact()
      if client.clientEnded, !client.plainShut {
        client.plainShut = true
        Socket.shutdownWrite(client.plain)
      }
    }
  }

  func plainWritable(_ client: ProxyClient) {
    if client.phase == .connecting { return upstreamConnected(client) }
    flushPlain(client)
    if !client.isClosed, client.phase == .relay, client.plainPending == 0, !client.clientEnded {
      // Room again: what the session already decrypted can go on.
      decrypt(client)
    }
  }

  /// Reads what the server (or the upstream) sent and passes it to the client.
  func plainReadable(_ client: ProxyClient) {
    guard client.phase == .relay || client.phase == .tunnel else { return }
    reading: while client.clientPending < Self.readAhead {
      switch Socket.read(client.plain, into: &scratch) {
      case .bytes(let count):
        if let tls = client.tls {
          guard tls.write(scratch[0..<count]) else { return close(client) }
          tls.takeOutput(into: &client.toClient)
        } else {
          client.toClient += scratch[0..<count]
          client.deadline = idleDeadline(client)
        }
        if count < scratch.count { break reading }
      case .end, .failed:
        client.plainEnded = true
        return endTowardsClient(client)
      case .wouldBlock:
        break reading
      }
    }
    flushClient(client)
  }

  /// The server (or upstream) is done: the client gets close_notify (or the end of the
  /// stream) after what is waiting for it.
  private func endTowardsClient(_ client: ProxyClient) {
    if let tls = client.tls {
      tls.shutdown()
      tls.takeOutput(into: &client.toClient)
      client.closeWhenWritten = true
      client.deadline = Socket.now() + server.configuration.writeTimeout.nanosecondCount
      flushClient(client)
      return
    }
    flushClient(client)
    finishIfDone(client)
  }

  /// A tunnel whose two sides have both ended and been written closes; a relay whose client
  /// ended waits for the server to close its side.
  func finishIfDone(_ client: ProxyClient) {
    guard !client.isClosed, client.phase == .tunnel else { return }
    if client.plainEnded, client.clientPending == 0, !client.clientShut {
      client.clientShut = true
      Socket.shutdownWrite(client.fd)
    }
    if client.clientEnded, client.plainEnded, client.clientPending == 0,
      client.plainPending == 0
    {
      close(client)
    }
  }

  func readTunnel(_ client: ProxyClient) {
    switch Socket.read(client.fd, into: &scratch) {
    case .bytes(let count):
      client.toPlain += scratch[0..<count]
      client.deadline = idleDeadline(client)
      flushPlain(client)
    case .end, .failed:
      clientEnded(client)
    case .wouldBlock:
      break
    }
  }
}
