import COpenSSL

/// Builds the authority's self-signed certificate and the leaves it issues.
enum CertificateBuilder {
  /// How long the authority's certificate is valid: ten years.
  static let authorityDays = 3650
  /// How long a leaf is valid: 397 days, within Apple's limit for TLS server certificates
  /// (825 days for any root, 398 for public ones) so iOS and macOS accept it.
  static let leafDays = 397

  /// The `nameConstraints` value: the Facebook domains permitted, every IP address excluded
  /// (a DNS-only constraint would leave IP addresses unconstrained).
  static var nameConstraints: String {
    "critical,"
      + GraphHosts.permittedDomains.map { "permitted;DNS:\($0)" }.joined(separator: ",")
      + ",excluded;IP:0.0.0.0/0.0.0.0,excluded;IP:::/::"
  }

  /// A self-signed authority certificate for `key`, named after `commonName`.
  static func authority(key: OpaquePointer, commonName: String) throws(ProxyError)
    -> OpaquePointer
  {
    let certificate = try start(
      commonName: commonName, publicKey: key, days: authorityDays, issuer: nil)
    do throws(ProxyError) {
      try add(certificate, nil, NID_basic_constraints, "critical,CA:TRUE,pathlen:0")
      try add(certificate, nil, NID_key_usage, "critical,keyCertSign,cRLSign")
      try add(certificate, nil, NID_subject_key_identifier, "hash")
      try add(certificate, nil, NID_name_constraints, nameConstraints)
      try sign(certificate, with: key)
    } catch {
      X509_free(certificate)
      throw error
    }
    return certificate
  }

  /// A server certificate for `host` (SAN dNSName) with `publicKey`, signed by `issuer`.
  /// `host` must be a DNS name (`GraphHosts.isDNSName`); the SAN is built as a GENERAL_NAME,
  /// never spliced into OpenSSL's configuration syntax. The subject's CN (64 characters at
  /// most, RFC 5280's ub-common-name) names the host only when it fits: clients match the SAN.
  static func leaf(
    host: String, publicKey: OpaquePointer, issuer: OpaquePointer, issuerKey: OpaquePointer
  ) throws(ProxyError) -> OpaquePointer {
    guard GraphHosts.isDNSName(host) else {
      throw .openSSL(call: "X509 (a leaf)", detail: "\(quoted(host)) is not a DNS host name")
    }
    let certificate = try start(
      commonName: host.utf8.count <= 64 ? host : nil, publicKey: publicKey, days: leafDays,
      issuer: issuer)
    do throws(ProxyError) {
      try add(certificate, issuer, NID_basic_constraints, "critical,CA:FALSE")
      try add(certificate, issuer, NID_key_usage, "critical,digitalSignature")
      try add(certificate, issuer, NID_ext_key_usage, "serverAuth")
      let name = Array(host.utf8)
      guard ge_x509_add_dns_san(certificate, host, Int32(name.count)) == 1 else {
        throw OpenSSLErrors.failure("X509_add1_ext_i2d (subjectAltName)")
      }
      try add(certificate, issuer, NID_authority_key_identifier, "keyid:always")
      try sign(certificate, with: issuerKey)
    } catch {
      X509_free(certificate)
      throw error
    }
    return certificate
  }

  /// `text` for an error line: at most 300 characters, control characters as `?`.
  static func quoted(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.prefix(300).map { $0.value < 32 || $0.value == 127 ? "?" : $0 }))
  }

  /// A version 3 certificate with a random serial, validity from a day ago (clocks differ),
  /// subject `CN=commonName, O=graph-explorer` (no CN when `nil`), and issuer `issuer`'s
  /// subject (or its own).
  private static func start(
    commonName: String?, publicKey: OpaquePointer, days: Int, issuer: OpaquePointer?
  ) throws(ProxyError) -> OpaquePointer {
    guard let certificate = X509_new() else { throw OpenSSLErrors.failure("X509_new") }
    guard X509_set_version(certificate, 2) == 1,
      setRandomSerial(certificate),
      X509_gmtime_adj(X509_getm_notBefore(certificate), -86_400) != nil,
      X509_gmtime_adj(X509_getm_notAfter(certificate), days * 86_400) != nil,
      X509_set_pubkey(certificate, publicKey) == 1,
      let name = X509_get_subject_name(certificate),
      addEntry(name, "O", "graph-explorer"), commonName.map({ addEntry(name, "CN", $0) }) ?? true,
      X509_set_issuer_name(
        certificate, issuer.map { X509_get_subject_name($0) } ?? name) == 1
    else {
      X509_free(certificate)
      throw OpenSSLErrors.failure(
        "X509 (building the certificate for \(commonName ?? "a long host name"))")
    }
    return certificate
  }

  private static func addEntry(_ name: OpaquePointer, _ field: String, _ value: String) -> Bool {
    let bytes = Array(value.utf8)
    return X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, bytes, Int32(bytes.count), -1, 0)
      == 1
  }

  /// A random positive 127-bit serial number (RFC 5280 allows up to 20 octets).
  private static func setRandomSerial(_ certificate: OpaquePointer) -> Bool {
    guard let number = BN_new() else { return false }
    defer { BN_free(number) }
    guard BN_rand(number, 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1,
      let serial = BN_to_ASN1_INTEGER(number, nil)
    else { return false }
    defer { ASN1_INTEGER_free(serial) }
    return X509_set_serialNumber(certificate, serial) == 1
  }

  private static func add(
    _ certificate: OpaquePointer, _ issuer: OpaquePointer?, _ nid: Int32, _ value: String
  ) throws(ProxyError) {
    guard ge_x509_add_extension(certificate, issuer, nid, value) == 1 else {
      throw OpenSSLErrors.failure("X509V3_EXT_conf_nid (\(String(cString: OBJ_nid2sn(nid))))")
    }
  }

  private static func sign(_ certificate: OpaquePointer, with key: OpaquePointer)
    throws(ProxyError)
  {
    guard X509_sign(certificate, key, EVP_sha256()) > 0 else {
      throw OpenSSLErrors.failure("X509_sign")
    }
  }
}
