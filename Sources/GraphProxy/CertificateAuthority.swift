import COpenSSL
import Foundation
import GraphAPI

/// The proxy's local certificate authority: an EC P-256 key and a self-signed certificate kept
/// in a folder of their own (created on first use), whose critical `nameConstraints` permits
/// only the Facebook domains (`GraphHosts.permittedDomains`), so it cannot vouch for any other
/// site even if its key leaks. Leaf certificates for each host are issued from it in memory
/// and kept for the life of the process.
///
/// `@unchecked Sendable` for its OpenSSL pointers alone (`let`, set once, read by any thread);
/// the leaves it issues are behind a `Locked`.
public final class CertificateAuthority: @unchecked Sendable {
  /// The certificate clients are told to trust (PEM).
  public let certificatePath: String
  /// The private key (PEM, mode 0600).
  public let keyPath: String
  let key: OpaquePointer
  let certificate: OpaquePointer
  /// The one key of every leaf (in memory only), as mitmproxy does: a new key per host would
  /// cost a key generation per host and protect nothing the CA key does not.
  let leafKey: OpaquePointer
  private let leaves = Locked<[String: OpaquePointer]>([:])

  /// The file names inside the authority's folder.
  public static let certificateName = "graph-explorer-ca.pem"
  public static let keyName = "graph-explorer-ca-key.pem"

  /// The folder for `environment`: `$XDG_STATE_HOME/graph-explorer/ca` (default
  /// `~/.local/state/graph-explorer/ca`), or `nil` when neither is set.
  public static func defaultFolder(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/graph-explorer/ca"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/graph-explorer/ca"
  }

  /// The authority in `folder`, created there (key, then certificate, in a temporary folder
  /// renamed into place, so a reader never sees half of one) when it does not exist yet.
  public static func loadOrCreate(folder: String) throws(ProxyError) -> CertificateAuthority {
    if !FileManager.default.fileExists(atPath: folder) {
      try AuthorityFiles.create(folder: folder)
    }
    return try CertificateAuthority(folder: folder)
  }

  /// Loads the authority in `folder`.
  init(folder: String) throws(ProxyError) {
    certificatePath = folder + "/" + Self.certificateName
    keyPath = folder + "/" + Self.keyName
    let keyPEM = try AuthorityFiles.read(keyPath, mustBePrivate: true)
    let certificatePEM = try AuthorityFiles.read(certificatePath, mustBePrivate: false)
    guard let key = PEM.privateKey(keyPEM) else {
      throw .authorityFile(
        path: keyPath, reason: "not a PEM private key (\(OpenSSLErrors.drain()))")
    }
    guard let certificate = PEM.certificate(certificatePEM) else {
      EVP_PKEY_free(key)
      throw .authorityFile(
        path: certificatePath, reason: "not a PEM certificate (\(OpenSSLErrors.drain()))")
    }
    guard X509_check_private_key(certificate, key) == 1 else {
      EVP_PKEY_free(key)
      X509_free(certificate)
      _ = OpenSSLErrors.drain()
      throw .authorityFile(path: keyPath, reason: "the key does not match \(certificatePath)")
    }
    guard let leafKey = ge_ec_p256_key() else {
      EVP_PKEY_free(key)
      X509_free(certificate)
      throw OpenSSLErrors.failure("EVP_EC_gen")
    }
    self.key = key
    self.certificate = certificate
    self.leafKey = leafKey
  }

  deinit {
    leaves.withLock { leaves in
      for leaf in leaves.values { X509_free(leaf) }
    }
    EVP_PKEY_free(leafKey)
    X509_free(certificate)
    EVP_PKEY_free(key)
  }

  /// The certificate for `host` (issued once, then from the cache): its caller must not free
  /// it, the authority does.
  func leaf(for host: String) throws(ProxyError) -> OpaquePointer {
    let host = host.lowercased()
    return try leaves.withLock { leaves throws(ProxyError) in
      if let leaf = leaves[host] { return leaf }
      let leaf = try CertificateBuilder.leaf(
        host: host, publicKey: leafKey, issuer: certificate, issuerKey: key)
      leaves[host] = leaf
      return leaf
    }
  }

  /// The PEM text of a leaf for `host`, for tests and `openssl verify`.
  public func leafPEM(for host: String) throws(ProxyError) -> String {
    try PEM.text(certificate: leaf(for: host))
  }

  /// The PEM text of the authority's certificate.
  public var certificatePEM: String {
    (try? PEM.text(certificate: certificate)) ?? ""
  }
}
