/// At the connection cap, a waiting client gets a slot at once: it is accepted, and the client
/// still opening (no whole CONNECT head yet, or no finished handshake, or a pass-through connect
/// under way) that was heard from longest ago (its last byte read, or its accepting if it has
/// sent nothing) gives up its slot, logged 408. Nothing is shed while no one waits (the
/// listener is read only when a client is in the backlog), clients already served (relays,
/// tunnels) are never shed, and a client that keeps sending goes after those that went quiet
/// before it: the deadlines, more than the cap, end a slow client that is making progress. With every slot served
/// the new client waits in the listen backlog.
extension ProxyLoop {
  /// Whether a slot can be freed for a waiting client: some client is still opening.
  func canMakeRoom() -> Bool {
    clients.values.contains { $0.isOpening }
  }

  /// Sheds the opening client heard from longest ago (the earlier accepted on a tie); whether
  /// there was one.
  func makeRoom() -> Bool {
    var quietest: ProxyClient?
    for client in clients.values where client.isOpening {
      guard let other = quietest else {
        quietest = client
        continue
      }
      if (client.lastHeard, client.id) < (other.lastHeard, other.id) { quietest = client }
    }
    guard let quietest else { return false }
    log(
      quietest, status: 408,
      error:
        "closed: the proxy was at its \(configuration.maxConnections) connections and this client had not finished opening"
    )
    close(quietest)
    return true
  }
}
