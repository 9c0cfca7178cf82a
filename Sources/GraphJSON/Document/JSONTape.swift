#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The word layout of a `JSONDocument`'s tape: one `UInt64` per value and per object key, in
/// source order. The top four bits are the kind; the rest depends on it:
///
/// - `null`, `true`, `false`: nothing else.
/// - inline string or number (text of at most 7 bytes): bits 56-59 the length, bits 0-55 the
///   bytes, first byte lowest.
/// - string or number in the byte buffer: bits 36-59 the length (all ones when it is 2^24 - 1
///   or more: then the length is the eight bytes before the text), bits 0-35 the offset of the
///   text in the byte buffer.
/// - array or object: bits 36-59 the number of elements or members (all ones when it is 2^24 - 1
///   or more: then it is counted), bits 0-35 the tape index just past the container's last
///   value. An object's members follow it as key, value, key, value.
enum JSONTape {
  static let null: UInt64 = 0
  static let `true`: UInt64 = 1
  static let `false`: UInt64 = 2
  static let inlineNumber: UInt64 = 3
  static let number: UInt64 = 4
  static let inlineString: UInt64 = 5
  static let string: UInt64 = 6
  static let array: UInt64 = 7
  static let object: UInt64 = 8

  static let lowMask: UInt64 = (1 << 36) - 1
  static let fieldMask: UInt64 = (1 << 24) - 1
  static let inlineMask: UInt64 = (1 << 56) - 1

  @inline(__always) static func tag(_ word: UInt64) -> UInt64 { word >> 60 }
  @inline(__always) static func field(_ word: UInt64) -> Int { Int((word >> 36) & fieldMask) }
  @inline(__always) static func low(_ word: UInt64) -> Int { Int(word & lowMask) }
  @inline(__always) static func inlineLength(_ word: UInt64) -> Int { Int((word >> 56) & 0xF) }

  @inline(__always)
  static func word(tag: UInt64, field: Int, low: Int) -> UInt64 {
    tag << 60 | UInt64(min(field, Int(fieldMask))) << 36 | UInt64(low)
  }

  /// The inline word of the `length` (at most 7) bytes at `source`; `readable` says whether
  /// eight bytes may be read there.
  @inline(__always)
  static func inlineWord(
    tag: UInt64, _ source: UnsafePointer<UInt8>, length: Int, readable: Bool
  ) -> UInt64 {
    var payload: UInt64 = 0
    if readable {
      payload = ByteWord.load(source).littleEndian & ((1 << (UInt64(length) * 8)) - 1)
    } else {
      for i in 0..<length { payload |= UInt64(source[i]) << (UInt64(i) * 8) }
    }
    return tag << 60 | UInt64(length) << 56 | payload
  }
}

/// One block of memory for a tape or a byte buffer: mapped from the kernel when large, so that
/// freeing it is one `munmap`; from `malloc` when small. It is reserved at an upper bound of what
/// a parse can need and shrunk to what was used, so parsing never copies it to grow.
///
/// A mapped block is in 4 KiB pages (`MADV_NOHUGEPAGE`), populated in bulk a little ahead of
/// the writes (`populate(through:)`) rather than faulted in one page at a time. Huge pages were
/// tried: under a hypervisor that takes back freed 2 MiB blocks (free page reporting, as on
/// this project's machines) a fresh huge page is one the host must fault in again, and the
/// parse's system time swung from 0.04 to 0.8 s at 200 MB with whether the blocks had been
/// taken back yet (docs/benchmarks.md).
struct JSONRegion {
  private(set) var base: UnsafeMutableRawPointer
  private(set) var capacity: Int
  private let mapped: Bool
  /// How many bytes from the start `populate(through:)` has made resident.
  private var populated = 0

  /// Below this many bytes a region comes from `malloc`.
  static let mapThreshold = 1 << 20

  /// A block of at least `capacity` bytes, or `nil` when the system has no memory for it.
  init?(capacity: Int) {
    let capacity = max(capacity, 16)
    if capacity >= Self.mapThreshold {
      let flags = MAP_PRIVATE | MAP_ANONYMOUS | Self.noReserve
      if let address = mmap(nil, capacity, PROT_READ | PROT_WRITE, flags, -1, 0),
        address != MAP_FAILED
      {
        #if os(Linux)
          _ = madvise(address, capacity, MADV_NOHUGEPAGE)
        #endif
        base = address
        self.capacity = capacity
        mapped = true
        return
      }
    }
    guard let address = malloc(capacity) else { return nil }
    base = address
    self.capacity = capacity
    mapped = false
  }

  /// Makes the pages up to byte `end` resident and writable in one call (`MADV_POPULATE_WRITE`,
  /// Linux 5.14 and later), which costs less than a page fault per page; a no-op for a
  /// `malloc` block, elsewhere, or when the kernel refuses (the pages then fault in as used).
  mutating func populate(through end: Int) {
    #if os(Linux)
      guard mapped, populated >= 0 else { return }
      let page = Int(getpagesize())
      let end = min(capacity, (end + page - 1) / page * page)
      guard end > populated else { return }
      if madvise(base + populated, end - populated, Self.populateWrite) == 0 {
        populated = end
      } else {
        populated = -1
      }
    #endif
  }

  #if os(Linux)
    /// `MADV_POPULATE_WRITE`, which Glibc's Swift module does not export.
    private static let populateWrite: Int32 = 23
  #endif

  #if os(Linux)
    private static let noReserve = MAP_NORESERVE
  #else
    private static let noReserve: Int32 = 0
  #endif

  /// Gives back what lies past the first `used` bytes.
  mutating func shrink(to used: Int) {
    if mapped {
      let page = Int(getpagesize())
      let keep = max(page, (used + page - 1) / page * page)
      if keep < capacity {
        _ = munmap(base + keep, capacity - keep)
        capacity = keep
      }
    } else if used < capacity, let smaller = realloc(base, max(used, 16)) {
      base = smaller
      capacity = max(used, 16)
    }
  }

  /// Gives back the memory of the first `count` bytes (whole pages; a mapped block only),
  /// which read as zeros afterwards.
  func discard(before count: Int) {
    guard mapped else { return }
    let page = Int(getpagesize())
    let end = min(count, capacity) / page * page
    if end > 0 { _ = madvise(base, end, MADV_DONTNEED) }
  }

  /// Frees the block.
  func release() {
    if mapped {
      _ = munmap(base, capacity)
    } else {
      free(base)
    }
  }
}
