import COpenSSL

extension CertificateAuthority {
  /// Verifies `leafPEM` against this authority alone, as a TLS client does (`X509_verify_cert`
  /// with the authority as the only trust anchor, for a TLS server, and `host` when given):
  /// `nil` when it verifies, otherwise OpenSSL's reason (`permitted subtree violation`, ...).
  public func verificationError(leafPEM: String, host: String? = nil) -> String? {
    guard let leaf = PEM.certificate(Array(leafPEM.utf8)) else {
      return "not a PEM certificate"
    }
    defer { X509_free(leaf) }
    guard let store = X509_STORE_new(), let context = X509_STORE_CTX_new() else {
      return "OpenSSL could not make a store"
    }
    defer {
      X509_STORE_CTX_free(context)
      X509_STORE_free(store)
    }
    guard X509_STORE_add_cert(store, certificate) == 1,
      X509_STORE_CTX_init(context, store, leaf, nil) == 1
    else { return OpenSSLErrors.drain() }
    let parameters = X509_STORE_CTX_get0_param(context)
    _ = X509_VERIFY_PARAM_set_purpose(parameters, X509_PURPOSE_SSL_SERVER)
    if let host { _ = X509_VERIFY_PARAM_set1_host(parameters, host, host.utf8.count) }
    guard X509_verify_cert(context) != 1 else { return nil }
    return String(cString: X509_verify_cert_error_string(Int(X509_STORE_CTX_get_error(context))))
  }

  /// Whether the authority's certificate has the extension `nid`, and whether it is critical.
  package func extensionIsCritical(_ nid: Int32) -> Bool? {
    let index = X509_get_ext_by_NID(certificate, nid, -1)
    guard index >= 0, let found = X509_get_ext(certificate, index) else { return nil }
    return X509_EXTENSION_get_critical(found) == 1
  }

  /// The authority's basic facts: a CA, may sign certificates, the key type and curve.
  package var isCertificateSigningAuthority: Bool {
    X509_check_ca(certificate) == 1
      && X509_get_key_usage(certificate) & UInt32(KU_KEY_CERT_SIGN) != 0
  }

  /// `prime256v1` for an EC P-256 key.
  package var keyCurve: String? {
    var name = [CChar](repeating: 0, count: 64)
    var length = 0
    guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else { return nil }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
