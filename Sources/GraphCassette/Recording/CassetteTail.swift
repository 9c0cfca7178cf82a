import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends interactions to a native cassette file by rewriting only its tail, so recording
/// costs O(interaction) instead of rewriting the whole cassette each time (3,000 GETs took
/// 161.7 s that way). The file stays byte for byte what `Cassette.encoded()` would write.
///
/// Each append is one `pwrite` of `,\n<interaction>\n  ]\n}\n` over the old closing brackets,
/// made before the answer is returned: a process killed at any moment leaves the file with or
/// without the interaction. Appends are synced to the disk together (`GroupCommit`), at most
/// `GroupCommit.defaultWindow` after they were written and when the tail is closed, not one
/// `fdatasync` each. If the file is no longer the one written (replaced, truncated), the
/// caller rewrites it whole.
///
/// Whether the file is still the one written is checked once a `checkInterval` (the group
/// commit's window), not at every append: the first append more than `checkInterval` after the
/// last check `stat`s the path (the same inode, the size written) and reads back the last bytes
/// the last check found in place, before it writes. So an append makes no file-system call
/// but its `pwrite`. What this leaves, said in docs/cassette-format.md ("Durability"): the
/// appends made between a change behind the recorder and the next check go where the old file
/// was (into the file moved away, or the removed one, or at their old offsets of a truncated
/// one) and the change is noticed at the append after them.
final class CassetteTail {
  /// What ends a pretty-printed cassette with at least one interaction.
  static let closing: [UInt8] = Array("\n  ]\n}\n".utf8)

  private let path: String
  private let fd: Int32
  private let inode: UInt64
  /// Offset of `closing` in the file.
  private var end: Int
  /// Syncs the appends together; `nil` when no sync thread could be had (then each append
  /// is synced before it returns).
  private let commit: GroupCommit?
  /// How long appends go without checking the file (`.zero`: every append checks; tests
  /// change it).
  var checkInterval: Duration
  /// When the file was last found to be the one written, and its last bytes then (where
  /// they were, and what): a truncation that a later append filled back up to the size
  /// written leaves zeros or other bytes there.
  private var checkedAt: ContinuousClock.Instant
  private var checkedBytes: (offset: Int, bytes: [UInt8])

  /// Follows the cassette just written whole to `path` (`size` bytes); `nil` when it is not a
  /// regular file or does not end as expected (then every write stays a whole rewrite).
  /// `groupCommit: false` syncs each append before it returns, starting no thread: what a
  /// forked child must do, since POSIX allows a child of a multi-threaded process only
  /// async-signal-safe calls until it execs, and starting a thread is not one.
  init?(
    path: String, size: Int, window: Duration = GroupCommit.defaultWindow, groupCommit: Bool = true,
    checkInterval: Duration = GroupCommit.defaultWindow
  ) {
    // O_NONBLOCK: opening a FIFO named like a cassette must not wait for a reader.
    let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size,
      size > Self.closing.count
    else {
      close(fd)
      return nil
    }
    // The closing brackets, and the bytes before them a check reads back.
    let markAt = max(0, size - Self.closing.count - Self.markLength)
    guard let last = Self.read(size - markAt, at: markAt, from: fd),
      last.suffix(Self.closing.count).elementsEqual(Self.closing)
    else {
      close(fd)
      return nil
    }
    self.path = path
    self.fd = fd
    self.inode = UInt64(info.st_ino)
    self.end = size - Self.closing.count
    self.commit = groupCommit ? GroupCommit(syncing: fd, window: window) : nil
    self.checkInterval = checkInterval
    self.checkedAt = .now
    self.checkedBytes = (markAt, Array(last.dropLast(Self.closing.count)))
  }

  deinit {
    commit?.close()
    close(fd)
  }

  /// Syncs the appends not synced yet, now.
  ///
  /// - Returns: the system's message when this or an earlier sync failed.
  func flush() -> String? {
    commit?.flush() ?? sync()
  }

  /// How many syncs the appends took so far (tests read it).
  var syncCount: Int { commit?.syncCount ?? 0 }

  /// Appends `item` (from `Cassette.arrayItem(_:)`); `false` when the file changed behind the
  /// recorder's back and must be rewritten whole.
  ///
  /// - Throws: `CassetteError.io` when the write fails (the old tail is put back first).
  func append(_ item: [UInt8]) throws(CassetteError) -> Bool {
    guard !item.isEmpty else { return false }
    let now = ContinuousClock.now
    if now - checkedAt >= checkInterval {
      guard isTheFileWritten() else { return false }
      checkedAt = now
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(2 + item.count + Self.closing.count)
    bytes.append(UInt8(ascii: ","))
    bytes.append(0x0A)
    bytes.append(contentsOf: item)
    bytes.append(contentsOf: Self.closing)
    if let failure = write(bytes, at: end) ?? (commit.map { $0.written() } ?? sync()) {
      _ = write(Self.closing, at: end)
      ftruncate(fd, off_t(end + Self.closing.count))
      throw .io(path: path, operation: "write", reason: failure)
    }
    end += bytes.count - Self.closing.count
    return true
  }

  /// Whether the path still leads to the file written, at the size written, with the bytes
  /// the last check found still in place; remembers the last bytes now in place for the next
  /// check. One `stat` of the path (the same inode is the open file, so its size is the
  /// file's), one `pread` of the bytes the last check found, and one of those now in place
  /// when appends moved the end since.
  private func isTheFileWritten() -> Bool {
    var onDisk = stat()
    guard stat(path, &onDisk) == 0, UInt64(onDisk.st_ino) == inode,
      Int(onDisk.st_size) == end + Self.closing.count
    else { return false }
    // Bytes before `end` are never written again by an append: those the last check found
    // must still be there.
    let (offset, expected) = checkedBytes
    guard Self.read(expected.count, at: offset, from: fd) == expected else { return false }
    if offset + expected.count != end {
      guard let now = markBeforeEnd() else { return false }
      checkedBytes = now
    }
    return true
  }

  /// Where the last `markLength` bytes before `end` (the end of the last interaction) are,
  /// and what they are; `nil` when they cannot be read.
  private func markBeforeEnd() -> (offset: Int, bytes: [UInt8])? {
    let offset = max(0, end - Self.markLength)
    return Self.read(end - offset, at: offset, from: fd).map { (offset, $0) }
  }

  /// How many bytes before the end of the last interaction a check reads back. **[choice]**:
  /// 16, enough that a file truncated and written again by someone else is not taken for
  /// the one written by chance, and still one small read.
  static let markLength = 16

  /// `count` bytes of `fd` read at `offset`; `nil` when fewer could be read.
  private static func read(_ count: Int, at offset: Int, from fd: Int32) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
    return n == count ? bytes : nil
  }

  /// Writes all of `bytes` at `offset`; the system's message on failure.
  private func write(_ bytes: [UInt8], at offset: Int) -> String? {
    var written = 0
    return bytes.withUnsafeBytes { raw -> String? in
      while written < raw.count {
        let n = pwrite(fd, raw.baseAddress! + written, raw.count - written, off_t(offset + written))
        if n < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        written += n
      }
      return nil
    }
  }

  private func sync() -> String? {
    fdatasync(fd) == 0 ? nil : String(cString: strerror(errno))
  }
}
