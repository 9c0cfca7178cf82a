import COpenSSL
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The authority's files on disk: created once, in a temporary folder beside the final one
/// that is renamed into place, so the key and its certificate appear together or not at all
/// (and a second process creating one at the same moment keeps the first's).
enum AuthorityFiles {
  /// Creates a new authority in `folder` (which must not exist): parents 0700, the key 0600.
  static func create(folder: String) throws(ProxyError) {
    let parent = (folder as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: parent, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .authorityFile(path: parent, reason: "cannot create the folder (\(error))")
    }
    let staging = folder + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    guard mkdir(staging, 0o700) == 0 else {
      throw .authorityFile(path: staging, reason: String(cString: strerror(errno)))
    }
    defer { try? FileManager.default.removeItem(atPath: staging) }
    guard let key = ge_ec_p256_key() else { throw OpenSSLErrors.failure("EVP_EC_gen") }
    defer { EVP_PKEY_free(key) }
    let certificate = try CertificateBuilder.authority(key: key, commonName: commonName())
    defer { X509_free(certificate) }
    try write(
      PEM.text(privateKey: key), to: staging + "/" + CertificateAuthority.keyName, mode: 0o600)
    try write(
      PEM.text(certificate: certificate),
      to: staging + "/" + CertificateAuthority.certificateName, mode: 0o644)
    if rename(staging, folder) != 0 {
      // Another process created it first (the folder is not empty): use theirs.
      guard errno == ENOTEMPTY || errno == EEXIST else {
        throw .authorityFile(path: folder, reason: String(cString: strerror(errno)))
      }
    }
  }

  /// `graph-explorer local CA (user@host, date)`: which machine's authority a keychain shows.
  static func commonName() -> String {
    let user = ProcessInfo.processInfo.environment["USER"] ?? "user"
    let host = ProcessInfo.processInfo.hostName
    let day = ISO8601DateFormatter.string(
      from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
    return String("graph-explorer local CA (\(user)@\(host), \(day))".prefix(64))
  }

  /// Writes `text` to the new file `path` with `mode`, flushed to disk.
  private static func write(_ text: String, to path: String, mode: mode_t) throws(ProxyError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else {
      throw .authorityFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw .authorityFile(path: path, reason: String(cString: strerror(errno)))
      }
      offset += count
    }
    guard fsync(fd) == 0 else {
      throw .authorityFile(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// The bytes of `path`; a key readable by others is refused.
  static func read(_ path: String, mustBePrivate: Bool) throws(ProxyError) -> [UInt8] {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .authorityFile(path: path, reason: String(cString: strerror(errno)))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .authorityFile(path: path, reason: "not a regular file")
    }
    if mustBePrivate, info.st_mode & 0o077 != 0 {
      throw .authorityFile(
        path: path,
        reason:
          "the key is readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it"
      )
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .authorityFile(path: path, reason: "cannot be read")
    }
    return Array(data)
  }
}

#if canImport(Glibc)
  private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(fd, bytes, count)
  }
#else
  private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(fd, bytes, count)
  }
#endif
