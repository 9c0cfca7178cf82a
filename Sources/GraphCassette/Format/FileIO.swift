import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File reads, and the one write every writer of the tool uses (cassettes, `import`/`export`/
/// `audit --fix` outputs, the REPL's `> file`, `>> file` and `save`, preferences).
///
/// Writes never harm what they replace: a regular file (or a symbolic link to one) is replaced
/// atomically, through a temporary file beside it that is flushed and renamed over it, keeping
/// its permissions; a FIFO, a character device or a socket (`-o /dev/null`, `-o /dev/stdout`,
/// a named pipe) is written straight through, never renamed over; a directory is refused.
package enum FileIO {
  /// Whether something exists at `path`.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// The most read from what is not a regular file (a pipe, a device, a process
  /// substitution), which has no size to check first (**[choice]**: 1 GiB, past the largest
  /// cassette the benchmarks import; `/dev/zero` was read to 1-4 GB before an error).
  package static let maxStreamBytes = 1 << 30

  /// The bytes of the file at `path`; from anything but a regular file at most `limit` bytes.
  ///
  /// - Throws: `.io` naming the path, and the limit when more came.
  package static func read(path: String, limit: Int = maxStreamBytes) throws(CassetteError)
    -> [UInt8]
  {
    // A regular file is read straight into its array (one copy of the file in memory, not a
    // `Data` and an array); anything else in pieces, up to the limit.
    if case .regular = kind(of: path), let bytes = readRegular(path) { return bytes }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else {
      throw .io(path: path, operation: "read", reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = piece.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else {
        throw .io(path: path, operation: "read", reason: String(cString: strerror(errno)))
      }
      if n == 0 { return bytes }
      guard bytes.count + n <= limit else {
        throw .io(
          path: path, operation: "read",
          reason: "not a regular file, and more than \(limit) bytes came from it "
            + "(the limit on reading a pipe or a device)")
      }
      bytes.append(contentsOf: piece[..<n])
    }
  }

  /// Writes `bytes` to a temporary file beside `path`, flushes it to the device, then renames
  /// it over `path`, so that a crash at any moment leaves either the old file or the new one;
  /// onto anything but a regular file, as `write(_:to:)` says.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CassetteError) {
    try write(bytes, to: path)
  }

  /// What is at a path, for deciding how to write to it.
  package enum Kind: Equatable {
    case missing
    case regular(mode: mode_t)
    case directory
    /// A FIFO, a character or block device, or a socket.
    case special
  }

  /// Whether `a` and `b` name the same existing file (the same device and inode, through any
  /// link or spelling).
  package static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// What `path` is, following symbolic links.
  package static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(mode: info.st_mode & 0o7777)
    case S_IFDIR: return .directory
    default: return .special
    }
  }

  /// Writes `bytes` to `path`: atomically onto a regular file or a new one (created with
  /// `mode`), straight through onto a FIFO or a device, appended when `append` is set.
  ///
  /// - Throws: `.io` naming the path and the reason (a directory, no permission, a full disk).
  package static func write(
    _ bytes: [UInt8], to path: String, mode: mode_t = 0o644, append: Bool = false
  ) throws(CassetteError) {
    try write(chunks: [bytes], to: path, mode: mode, append: append)
  }

  /// As `write(_:to:mode:append:)`, for contents made of `chunks` one after the other (a large
  /// file built in pieces need not be joined first, nor all be in memory at once: a lazy
  /// sequence is read once, piece by piece, as it is written).
  package static func write(
    chunks bytes: some Sequence<[UInt8]>, to path: String, mode: mode_t = 0o644,
    append: Bool = false
  ) throws(CassetteError) {
    var target = path
    // Through a symbolic link, the file it points at is replaced, not the link.
    var linkInfo = stat()
    if lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    {
      target = String(cString: resolved)
      free(resolved)
    }
    switch kind(of: target) {
    case .directory:
      throw .io(path: path, operation: "write", reason: "is a directory")
    case .special:
      try writeThrough(bytes, to: target, shownAs: path, flags: O_WRONLY | (append ? O_APPEND : 0))
    case .regular(let existing):
      if append {
        try writeThrough(bytes, to: target, shownAs: path, flags: O_WRONLY | O_APPEND)
      } else {
        try replace(target, with: bytes, mode: existing, shownAs: path)
      }
    case .missing:
      try replace(target, with: bytes, mode: mode, shownAs: path)
    }
  }

  /// Opens `path` as it is (never creating or truncating it) and writes `bytes`.
  private static func writeThrough(
    _ bytes: some Sequence<[UInt8]>, to path: String, shownAs shown: String, flags: Int32
  ) throws(CassetteError) {
    let fd = open(path, flags | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      throw .io(path: shown, operation: "write", reason: String(cString: strerror(errno)))
    }
    let failure = writeAll(fd, bytes)
    close(fd)
    if let failure { throw .io(path: shown, operation: "write", reason: failure) }
  }

  private static func replace(
    _ path: String, with bytes: some Sequence<[UInt8]>, mode: mode_t, shownAs shown: String
  ) throws(CassetteError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let temp = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else {
      throw .io(path: shown, operation: "write", reason: String(cString: strerror(errno)))
    }
    fchmod(fd, mode)
    var failure = writeAll(fd, bytes)
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temp)
      throw .io(path: shown, operation: "write", reason: failure)
    }
    let dirfd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
  }

  /// The reason a write failed, for a message that names the path itself.
  package static func reason(_ error: CassetteError) -> String {
    if case .io(_, _, let reason) = error { return reason }
    return "\(error)"
  }

  /// Writes all of `bytes` to `fd`; the reason when it cannot.
  private static func writeAll(_ fd: Int32, _ chunks: some Sequence<[UInt8]>) -> String? {
    if var encoded = chunks as? Cassette.EncodedChunks {
      // Printed straight into the file, a piece at a time.
      return encoded.writeEach { writeAll(fd, [$0]) }
    }
    var failure: String?
    for bytes in chunks {
      guard failure == nil else { break }
      var written = 0
      bytes.withUnsafeBytes { raw in
        while written < raw.count {
          let n = Foundation.write(fd, raw.baseAddress! + written, raw.count - written)
          if n < 0 {
            if errno == EINTR { continue }
            failure = String(cString: strerror(errno))
            return
          }
          written += n
        }
      }
    }
    return failure
  }
}
