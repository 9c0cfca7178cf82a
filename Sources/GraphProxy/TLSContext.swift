import COpenSSL

/// The proxy's one server `SSL_CTX`: TLS 1.2 and 1.3, ALPN `http/1.1`, no renegotiation, and
/// the certificate picked per handshake once the ClientHello is read (`SSL_CTX_set_cert_cb`):
/// the leaf of the name the client asked for (SNI) when the proxy answers it, else of the
/// host it asked to CONNECT to. A name the proxy does not answer, or that is not a DNS host
/// name, fails the handshake: no certificate is made for it.
///
/// `@unchecked Sendable` for its OpenSSL pointer (`let`, set once); sessions are made and
/// driven on the proxy's loop thread.
final class TLSContext: @unchecked Sendable {
  let authority: CertificateAuthority
  let context: OpaquePointer

  init(authority: CertificateAuthority) throws(ProxyError) {
    guard let context = SSL_CTX_new(TLS_server_method()) else {
      throw OpenSSLErrors.failure("SSL_CTX_new")
    }
    guard ge_ssl_ctx_set_min_version(context, ge_tls1_2_version()) == 1,
      ge_ssl_ctx_set_max_version(context, ge_tls1_3_version()) == 1
    else {
      SSL_CTX_free(context)
      throw OpenSSLErrors.failure("SSL_CTX_set_min_proto_version")
    }
    _ = SSL_CTX_set_options(context, UInt64(ge_ssl_op_no_renegotiation()))
    ge_ssl_ctx_set_alpn_http11(context)
    ge_ssl_ctx_set_cert_pick(
      context,
      { ssl, _ in
        guard let ssl, let slot = SSL_get_ex_data(ssl, 0) else { return 0 }
        return Unmanaged<TLSSession>.fromOpaque(slot).takeUnretainedValue().pickCertificate()
          ? 1 : 0
      }, nil)
    self.authority = authority
    self.context = context
  }

  deinit { SSL_CTX_free(context) }
}
