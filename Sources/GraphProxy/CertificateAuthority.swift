import COpenSSL
import Foundation
import GraphAPI
import Synchronization

/// The proxy's local certificate authority: an EC P-256 key and a self-signed certificate kept
/// in a folder of their own (created on first use), whose critical `nameConstraints` permits
/// only the Facebook domains (`GraphHosts.permittedDomains`), so it cannot vouch for any other
/// site even if its key leaks; a folder whose certificate lacks them is refused. Leaf
/// certificates for each host are issued from it in memory, the `leafCapacity` most recently
/// used kept (`LeafCache`).
///
/// `@unchecked Sendable` for its OpenSSL pointers alone (`let`, set once, read by any thread);
/// the leaves it issues are behind a lock.
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
  private let leaves: Mutex<LeafCache>

  /// The most leaves kept at once (least recently used dropped first).
  public static let defaultLeafCapacity = 1024

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
  public static func loadOrCreate(
    folder: String, leafCapacity: Int = defaultLeafCapacity
  ) throws(ProxyError) -> CertificateAuthority {
    if !FileManager.default.fileExists(atPath: folder) {
      try AuthorityFiles.create(folder: folder)
    }
    return try CertificateAuthority(folder: folder, leafCapacity: leafCapacity)
  }

  /// Loads the authority in `folder`.
  init(folder: String, leafCapacity: Int) throws(ProxyError) {
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
    let constraints = X509_get_ext_by_NID(certificate, NID_name_constraints, -1)
    guard constraints >= 0,
      X509_EXTENSION_get_critical(X509_get_ext(certificate, constraints)) == 1
    else {
      EVP_PKEY_free(key)
      X509_free(certificate)
      throw .authorityFile(
        path: certificatePath,
        reason:
          "the certificate has no critical name constraints, so it could vouch for any site; use a folder graph-explorer made (remove this one, or give another --ca-dir)"
      )
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
    leaves = Mutex(LeafCache(capacity: leafCapacity))
  }

  deinit {
    EVP_PKEY_free(leafKey)
    X509_free(certificate)
    EVP_PKEY_free(key)
  }

  /// The certificate for `host` (issued, or the cached one), with a reference of its own that
  /// the caller frees (`X509_free`).
  func leaf(for host: String) throws(ProxyError) -> OpaquePointer {
    let host = host.lowercased()
    return try leaves.withLock { leaves throws(ProxyError) in
      let leaf: OpaquePointer
      if let cached = leaves.leaf(for: host) {
        leaf = cached
      } else {
        leaf = try CertificateBuilder.leaf(
          host: host, publicKey: leafKey, issuer: certificate, issuerKey: key)
        leaves.insert(leaf, for: host)
      }
      X509_up_ref(leaf)
      return leaf
    }
  }

  /// How many leaves are kept now.
  package var cachedLeafCount: Int { leaves.withLock { $0.count } }

  /// The PEM text of a leaf for `host`, for tests and `openssl verify`.
  public func leafPEM(for host: String) throws(ProxyError) -> String {
    let leaf = try leaf(for: host)
    defer { X509_free(leaf) }
    return try PEM.text(certificate: leaf)
  }

  /// The PEM text of the authority's certificate.
  public var certificatePEM: String {
    (try? PEM.text(certificate: certificate)) ?? ""
  }
}
