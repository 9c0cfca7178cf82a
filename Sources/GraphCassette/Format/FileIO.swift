import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File reads and atomic writes for cassettes.
package enum FileIO {
  /// Whether something exists at `path`.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// The bytes of the file at `path`.
  package static func read(path: String) throws(CassetteError) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .io(path: path, operation: "read", reason: String(cString: strerror(errno)))
    }
    defer { try? handle.close() }
    do {
      return [UInt8](try handle.readToEnd() ?? Data())
    } catch {
      throw .io(path: path, operation: "read", reason: "\(error)")
    }
  }

  /// Writes `bytes` to a temporary file beside `path`, flushes it to the device, then renames
  /// it over `path`, so that a crash at any moment leaves either the old file or the new one.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CassetteError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let temp = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw .io(path: path, operation: "write", reason: String(cString: strerror(errno)))
    }
    var written = 0
    var failure: String?
    bytes.withUnsafeBytes { raw in
      while written < raw.count {
        let n = write(fd, raw.baseAddress! + written, raw.count - written)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        written += n
      }
    }
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temp)
      throw .io(path: path, operation: "write", reason: failure)
    }
    let dirfd = open(directory.isEmpty ? "." : directory, O_RDONLY)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
  }
}
