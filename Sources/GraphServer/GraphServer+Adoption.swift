extension GraphServer {
  /// A connected socket that another component (a proxy) accepted and hands to the server.
  public struct AdoptedConnection: Sendable {
    /// The socket; the server owns it from `adopt` on and closes it.
    public var fd: Int32
    /// The scheme of the requests' URLs: `https` when the bytes were decrypted by a proxy.
    public var scheme: String
    /// Bytes already read from the socket, parsed before anything read after them.
    public var initialBytes: [UInt8]

    public init(fd: Int32, scheme: String, initialBytes: [UInt8] = []) {
      self.fd = fd
      self.scheme = scheme
      self.initialBytes = initialBytes
    }
  }

  /// Serves a connection accepted elsewhere, as if the server had accepted it: its requests
  /// get the same parsing, limits, timeouts, transport, access log (with each request's whole
  /// URL) and graceful stop. Requests in origin form get `scheme://` + their `Host` as URL.
  /// - Returns: `false` when the server is not running or is stopping; the socket is then
  ///   still the caller's to close.
  public func adopt(_ connection: AdoptedConnection) -> Bool {
    let loop = state.withLock { state -> ServerLoop? in
      guard !state.loops.isEmpty else { return nil }
      state.nextAdoption &+= 1
      return state.loops[state.nextAdoption % state.loops.count]
    }
    return loop?.adopt(connection) ?? false
  }
}
