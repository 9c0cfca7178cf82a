import COpenSSL

/// One client's TLS session, server side, on two memory BIOs: the proxy's loop puts what the
/// socket gave into `feed`, and sends what `takeOutput` gives, so OpenSSL never touches the
/// socket and never blocks (no record size, no socket state, can stall it).
final class TLSSession {
  enum Read {
    /// This many plaintext bytes were read.
    case bytes(Int)
    /// More ciphertext is needed.
    case more
    /// The client sent close_notify.
    case closed
    /// The session failed (OpenSSL's reason).
    case failed(String)
  }

  let ssl: OpaquePointer
  private let input: OpaquePointer
  private let output: OpaquePointer
  /// The host of the CONNECT request: its leaf is presented when the client sends no SNI.
  let connectHost: String
  private let authority: CertificateAuthority
  /// Why the certificate could not be picked, for the log.
  private(set) var pickFailure: String?

  init(context: TLSContext, connectHost: String) throws(ProxyError) {
    var input: OpaquePointer?
    var output: OpaquePointer?
    guard let ssl = ge_ssl_new_with_memory(context.context, &input, &output), let input, let output
    else { throw OpenSSLErrors.failure("SSL_new") }
    self.ssl = ssl
    self.input = input
    self.output = output
    self.connectHost = connectHost
    self.authority = context.authority
    SSL_set_ex_data(ssl, 0, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit { SSL_free(ssl) }

  /// Ciphertext from the client.
  func feed(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = BIO_write(input, raw.baseAddress! + offset, Int32(raw.count - offset))
        guard count > 0 else { return }
        offset += Int(count)
      }
    }
  }

  /// Appends the ciphertext waiting for the client to `bytes` (one copy, from the BIO's
  /// memory).
  func takeOutput(into bytes: inout [UInt8]) {
    var data: UnsafeMutablePointer<CChar>?
    let pending = ge_bio_mem_data(output, &data)
    guard pending > 0, let data else { return }
    bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: pending))
    _ = BIO_ctrl(output, BIO_CTRL_RESET, 0, nil)
  }

  /// Advances the handshake: `nil` once it is done, `.more` while it needs the client,
  /// `.failed` when it failed.
  func handshake() -> Read? {
    ERR_clear_error()
    let result = SSL_do_handshake(ssl)
    if result == 1 { return nil }
    return outcome(result)
  }

  /// Decrypts what was fed into `buffer`.
  func read(into buffer: inout [UInt8]) -> Read {
    ERR_clear_error()
    let count = buffer.withUnsafeMutableBytes {
      SSL_read(ssl, $0.baseAddress, Int32($0.count))
    }
    return count > 0 ? .bytes(Int(count)) : outcome(count)
  }

  /// Encrypts `bytes` for the client (into memory: this never waits); `false` when the
  /// session cannot write.
  func write(_ bytes: ArraySlice<UInt8>) -> Bool {
    ERR_clear_error()
    return bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = SSL_write(ssl, raw.baseAddress! + offset, Int32(raw.count - offset))
        guard count > 0 else { return false }
        offset += Int(count)
      }
      return true
    }
  }

  /// Queues close_notify for the client.
  func shutdown() {
    ERR_clear_error()
    _ = SSL_shutdown(ssl)
    ERR_clear_error()
  }

  /// The protocol agreed (`TLSv1.3`, ...).
  var version: String { String(cData: SSL_get_version(ssl)) }

  private func outcome(_ result: Int32) -> Read {
    let error = SSL_get_error(ssl, result)
    if error == ge_ssl_error_want_read() || error == ge_ssl_error_want_write() {
      ERR_clear_error()
      return .more
    }
    if error == ge_ssl_error_zero_return() {
      ERR_clear_error()
      return .closed
    }
    if let pickFailure { return .failed(pickFailure) }
    return .failed(OpenSSLErrors.drain())
  }

  /// Presents the leaf of the SNI name, or of the CONNECT host when there is none (called by
  /// OpenSSL inside the handshake); `false` fails the handshake.
  func pickCertificate() -> Bool {
    var host = connectHost
    if let name = ge_ssl_servername(ssl) {
      let asked = String(cData: name)
      guard GraphHosts.isAnswered(asked) else {
        pickFailure =
          "the client asked for \(CertificateBuilder.quoted(asked)) (SNI), a name the proxy does not answer"
        return false
      }
      host = asked.lowercased()
    }
    do throws(ProxyError) {
      let leaf = try authority.leaf(for: host)
      defer { X509_free(leaf) }
      guard SSL_use_certificate(ssl, leaf) == 1, SSL_use_PrivateKey(ssl, authority.leafKey) == 1
      else {
        pickFailure = "SSL_use_certificate: \(OpenSSLErrors.drain())"
        return false
      }
      return true
    } catch {
      pickFailure = "\(error)"
      return false
    }
  }
}

extension String {
  /// A C string's bytes as UTF-8 (invalid sequences repaired).
  init(cData pointer: UnsafePointer<CChar>) {
    self = String(
      decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
  }
}
