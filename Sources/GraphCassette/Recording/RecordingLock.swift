import Foundation
import GraphAPI

/// The one recorder of a cassette (issue 31: two REPLs recording into one file both exited 0
/// and the file kept one session's answers). An exclusive `flock` on `.NAME.lock` beside the
/// cassette, held for the recorder's life: the cassette itself cannot carry the lock, since its
/// first write renames a new file over it. The lock file holds the owner's process id, for the
/// message that refuses a second recorder. It is removed when the lock is given back (issue 45:
/// every cassette kept a `.NAME.lock` beside it), while still held: a recorder that opened the
/// old file meanwhile finds, once it holds that file's lock, that the name no longer leads to
/// it, and starts again on a new file, so two recorders never hold two files of one name.
final class RecordingLock: Sendable {
  private let descriptor: Int32
  private let lockPath: String
  private let held = Locked(true)

  /// The lock file's path for the cassette at `path`.
  static func path(besides path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
      .path
  }

  /// Takes the lock of the cassette at `file` without waiting; `nil` when the lock file cannot
  /// be made (a missing or read-only folder, which the recorder reports when it would write).
  /// - Throws: `.io` naming the other recorder's process when it holds the lock.
  init?(recording file: String) throws(CassetteError) {
    let lockPath = Self.path(besides: file)
    var fd: Int32 = -1
    // A few rounds at most: each is lost only to a recorder giving its lock back meanwhile.
    for _ in 0..<8 {
      fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      guard fd >= 0 else { return nil }
      var result: Int32
      repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
      guard result == 0 else {
        let owner = Self.owner(fd)
        close(fd)
        throw .io(
          path: file, operation: "record to",
          reason: "another recorder\(owner.map { " (process \($0))" } ?? "") is recording into it"
        )
      }
      if Self.isStillNamed(fd, lockPath) { break }
      close(fd)
      fd = -1
    }
    guard fd >= 0 else { return nil }
    self.lockPath = lockPath
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = pwrite(fd, pid, pid.count, 0)
    descriptor = fd
  }

  /// Gives the lock back and removes its file; once only.
  func release() {
    let wasHeld = held.withLock { (held: inout Bool) -> Bool in
      defer { held = false }
      return held
    }
    guard wasHeld else { return }
    unlink(lockPath)
    close(descriptor)
  }

  deinit { release() }

  /// Whether `path` still names the file open as `fd` (not unlinked or replaced since).
  private static func isStillNamed(_ fd: Int32, _ path: String) -> Bool {
    var open = stat()
    var named = stat()
    guard fstat(fd, &open) == 0, lstat(path, &named) == 0 else { return false }
    return open.st_ino == named.st_ino && open.st_dev == named.st_dev
  }

  private static func owner(_ fd: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = pread(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.allSatisfy(\.isNumber) && !text.isEmpty ? text : nil
  }
}
