import Foundation

/// A regular file mapped into memory, copy-on-write (`MAP_PRIVATE`), for readers that walk it
/// forward once: what they have passed can be handed back to the kernel with `discard(before:)`
/// (`MADV_DONTNEED`), so that a large file is never resident whole. Pages the reader wrote to (a
/// YAML item marker it blanks) become its own, and a discarded page reads again as the file's.
///
/// Only regular files are mapped; a pipe, a FIFO or a device is read the ordinary way by the
/// caller (`init` returns `nil`). A file truncated by another process while it is mapped reads
/// as zeros past its new end instead of raising `SIGBUS` (`MappingGuard`), and `checkIntact`
/// then fails: a reader's result from a cut file is never used.
package final class MappedFile {
  /// The file's bytes, writable in this process only.
  package let bytes: UnsafeMutableBufferPointer<UInt8>
  /// The page size.
  private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
  /// The `MappingGuard` slot watching the mapping.
  private let guardSlot: Int?
  /// The file's size when it was mapped.
  package let mappedSize: Int
  private let path: String
  private let descriptor: Int32

  /// Maps the regular, non-empty file at `path`; `nil` for anything else or on failure.
  package init?(path: String) {
    // Looked at before it is opened: opening a FIFO would wait for a writer.
    var named = stat()
    guard stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG else { return nil }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    var mapped = false
    defer { if !mapped { close(fd) } }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
      info.st_size < Int.max / 2
    else { return nil }
    let size = Int(info.st_size)
    guard
      // No swap reserved for the copy-on-write pages: a file larger than memory (a sparse
      // 40 GiB one) maps, and only the pages a reader touches cost anything.
      let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_NORESERVE, fd, 0),
      base != MAP_FAILED
    else { return nil }
    bytes = UnsafeMutableBufferPointer(
      start: base.assumingMemoryBound(to: UInt8.self), count: size)
    mappedSize = size
    self.path = path
    // Kept open to tell, after reading, whether this file (not one renamed over it) shrank.
    descriptor = fd
    mapped = true
    guardSlot = MappingGuard.guardRange(base, count: size)
    madvise(base, size, MADV_SEQUENTIAL)
  }

  deinit {
    if let guardSlot { MappingGuard.release(guardSlot) }
    munmap(bytes.baseAddress, bytes.count)
    close(descriptor)
  }

  /// Whether a page past the file's end was read (the file shrank under the mapping).
  package var wasCut: Bool { guardSlot.map(MappingGuard.isCut) ?? false }

  /// Throws when the file shrank while it was mapped: what was read from it cannot be trusted.
  package func checkIntact() throws(CassetteError) {
    guard let now = shrunkSize else { return }
    throw .io(
      path: path, operation: "read",
      reason: "the file shrank while it was read (from \(mappedSize) to \(now) bytes)")
  }

  /// The file's size now when it shrank while mapped (or a page past its end was read).
  package var shrunkSize: Int? {
    var info = stat()
    let now = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    return wasCut || now < mappedSize ? now : nil
  }

  /// Gives back the whole pages from the one holding byte `from` to the one before byte
  /// `before`: the memory is released, and reading them again reads the file.
  /// A function to tell how far a reading has come, which gives back the pages before it
  /// once a MiB more has been read (offsets in `bytes`; a reading that starts again from the
  /// beginning is followed too).
  package func discarding() -> (Int) -> Void {
    var discarded = 0
    return { offset in
      if offset < discarded { discarded = 0 }
      guard offset - discarded >= 1 << 20 else { return }
      self.discard(from: discarded, before: offset)
      discarded = offset
    }
  }

  package func discard(from: Int, before: Int) {
    let lo = max(from, 0) / pageSize * pageSize
    let hi = min(before, bytes.count) / pageSize * pageSize
    guard hi > lo, let base = bytes.baseAddress else { return }
    madvise(UnsafeMutableRawPointer(base + lo), hi - lo, MADV_DONTNEED)
  }
}
