import COpenSSL

/// One server-side TLS connection on a socket: the handshake, then reads and writes that say
/// what they wait for instead of blocking (the socket is non-blocking after the handshake).
final class TLSStream {
  enum Progress: Equatable {
    /// This many bytes were read or written.
    case done(Int)
    /// Call again when the socket is readable.
    case wantRead
    /// Call again when the socket is writable.
    case wantWrite
    /// The peer closed the TLS session (or the connection).
    case closed
  }

  let ssl: OpaquePointer
  let fd: Int32

  /// - Parameter context: the context of the host the client asked to CONNECT to; SNI may
  ///   switch it.
  init(fd: Int32, context: OpaquePointer) throws(ProxyError) {
    guard let ssl = SSL_new(context) else { throw OpenSSLErrors.failure("SSL_new") }
    guard SSL_set_fd(ssl, fd) == 1 else {
      SSL_free(ssl)
      throw OpenSSLErrors.failure("SSL_set_fd")
    }
    self.ssl = ssl
    self.fd = fd
  }

  deinit { SSL_free(ssl) }

  /// The server side of the handshake, on a blocking socket (its timeouts bound it).
  func accept() throws(ProxyError) {
    ERR_clear_error()
    guard SSL_accept(ssl) == 1 else {
      let detail = OpenSSLErrors.drain()
      throw .openSSL(call: "SSL_accept", detail: detail)
    }
  }

  /// The name the client asked for (SNI), if any.
  var serverName: String? { ge_ssl_servername(ssl).map { String(cString: $0) } }

  /// The protocol agreed (`TLSv1.3`, ...).
  var version: String { String(cString: SSL_get_version(ssl)) }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Progress {
    ERR_clear_error()
    let count = SSL_read(ssl, buffer.baseAddress, Int32(buffer.count))
    return count > 0 ? .done(Int(count)) : progress(count)
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> Progress {
    ERR_clear_error()
    let count = SSL_write(ssl, bytes.baseAddress, Int32(min(bytes.count, 1 << 20)))
    return count > 0 ? .done(Int(count)) : progress(count)
  }

  /// Sends close_notify (once, without waiting for the peer's).
  func shutdown() {
    ERR_clear_error()
    _ = SSL_shutdown(ssl)
  }

  private func progress(_ result: Int32) -> Progress {
    let error = SSL_get_error(ssl, result)
    ERR_clear_error()
    if error == ge_ssl_error_want_read() { return .wantRead }
    if error == ge_ssl_error_want_write() { return .wantWrite }
    return .closed
  }
}
