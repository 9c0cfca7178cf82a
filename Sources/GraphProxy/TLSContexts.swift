import COpenSSL
import Foundation
import GraphAPI

/// One server `SSL_CTX` per host, with that host's leaf from the authority: TLS 1.2 and 1.3,
/// ALPN `http/1.1`, and SNI switching to the context of the name the client asks for. Built
/// on first use and kept for the life of the proxy.
///
/// `@unchecked Sendable` for `sniSlots` alone (a C array written once in `init`, then only
/// read by OpenSSL); the contexts are behind a `Locked`.
final class TLSContexts: @unchecked Sendable {
  let authority: CertificateAuthority
  private let contexts = Locked<[String: OpaquePointer]>([:])
  /// The SNI callback's two slots (the C callback and this object), for every context.
  private let sniSlots: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  init(authority: CertificateAuthority) {
    self.authority = authority
    sniSlots = .allocate(capacity: 2)
    let pick: ge_ssl_sni_callback = { name, context in
      guard let name, let context else { return nil }
      let contexts = Unmanaged<TLSContexts>.fromOpaque(context).takeUnretainedValue()
      let host = String(cString: name)
      guard GraphHosts.isAnswered(host) else { return nil }
      return try? contexts.context(for: host)
    }
    sniSlots[0] = unsafeBitCast(pick, to: UnsafeMutableRawPointer.self)
    sniSlots[1] = Unmanaged.passUnretained(self).toOpaque()
  }

  deinit {
    contexts.withLock { contexts in
      for context in contexts.values { SSL_CTX_free(context) }
    }
    sniSlots.deallocate()
  }

  /// The context that presents `host`'s leaf.
  func context(for host: String) throws(ProxyError) -> OpaquePointer {
    let host = host.lowercased()
    return try contexts.withLock { contexts throws(ProxyError) in
      if let context = contexts[host] { return context }
      let context = try make(host: host)
      contexts[host] = context
      return context
    }
  }

  private func make(host: String) throws(ProxyError) -> OpaquePointer {
    guard let context = SSL_CTX_new(TLS_server_method()) else {
      throw OpenSSLErrors.failure("SSL_CTX_new")
    }
    let leaf = try authority.leaf(for: host)
    guard ge_ssl_ctx_set_min_version(context, ge_tls1_2_version()) == 1,
      ge_ssl_ctx_set_max_version(context, ge_tls1_3_version()) == 1,
      SSL_CTX_use_certificate(context, leaf) == 1,
      SSL_CTX_use_PrivateKey(context, authority.leafKey) == 1
    else {
      SSL_CTX_free(context)
      throw OpenSSLErrors.failure("SSL_CTX (setting up \(host))")
    }
    _ = ge_ssl_ctx_set_mode(context, ge_ssl_mode_partial_write())
    ge_ssl_ctx_set_alpn_http11(context)
    ge_ssl_ctx_set_sni(context, sniSlots)
    return context
  }
}
