/// The masked form of the request targets the access log saw last (`ServeLog.mask`), so a
/// target requested again is not scanned for secrets again: masking is a function of the text
/// alone, and clients repeat their requests. Holds at most `capacity` targets of up to
/// `longestTarget` bytes, in memory only (like the request itself).
///
/// For a method and target whose line start (`graph-explorer: GET /masked `) is printable
/// ASCII it also keeps that start's bytes: the rest of a line without an error is digits and
/// ASCII words, so such a line is the same as `ErrorPresenter.safe` would make it, and is
/// written without building a `String` (`ServeLogWriter`).
///
/// The targets are kept in `capacity / 2` sets of two slots, a target's set chosen by a hash
/// of its bytes taken eight at a time: a lookup hashes the target once and compares it with
/// at most two kept ones, and a new target replaces the older of its set's two. (Until issue
/// 48's `reqbytes` pass it was a dictionary started afresh when full: a target never seen
/// before, as every one of a stream of distinct reads is, was hashed twice or three times and
/// every 64th line freed 64 entries at once.) Targets that share a set (a client can choose
/// them) only lose the memo's hits, never change a line.
struct ServeLogMaskMemo {
  static let capacity = 64
  static let longestTarget = 2048
  private static let sets = capacity / 2

  struct Entry {
    var target: String
    var masked: String
    var method: String
    /// `graph-explorer: METHOD MASKED ` when that is printable ASCII.
    var lineStart: [UInt8]?
  }

  private var slots = [Entry?](repeating: nil, count: Self.capacity)
  /// Per set, the slot (0 or 1) a new target replaces next.
  private var older = [UInt8](repeating: 0, count: Self.sets)

  /// How many targets are kept.
  var count: Int { slots.count { $0 != nil } }

  /// `ServeLog.mask(target)`, from the memo when `target` was masked before.
  mutating func mask(_ target: String) -> String {
    let set = Self.set(of: target)
    if let slot = find(target, in: set), let known = slots[slot] { return known.masked }
    let result = ServeLog.mask(target)
    keep(Entry(target: target, masked: result, method: "", lineStart: nil), in: set, at: nil)
    return result
  }

  /// The printable-ASCII start of the log line for `method` and `target`, or `nil` when it
  /// holds anything `ErrorPresenter.safe` would escape.
  mutating func lineStart(method: String, target: String) -> [UInt8]? {
    let set = Self.set(of: target)
    let slot = find(target, in: set)
    let known = slot.flatMap { slots[$0] }
    if let known, known.method == method { return known.lineStart }
    let masked = known?.masked ?? ServeLog.mask(target)
    var bytes = Array("graph-explorer: ".utf8)
    bytes.append(contentsOf: method.utf8)
    bytes.append(32)
    bytes.append(contentsOf: masked.utf8)
    bytes.append(32)
    let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let start = printable ? bytes : nil
    keep(
      Entry(target: target, masked: masked, method: method, lineStart: start), in: set, at: slot)
    return start
  }

  /// The slot of `set` holding `target`, if either does.
  private func find(_ target: String, in set: Int) -> Int? {
    for slot in (2 * set)...(2 * set + 1) where slots[slot]?.target == target { return slot }
    return nil
  }

  /// Puts `entry` in `slot`, or (`nil`) in the older slot of `set`; a target longer than
  /// `longestTarget` is not kept.
  private mutating func keep(_ entry: Entry, in set: Int, at slot: Int?) {
    guard entry.target.utf8.count <= Self.longestTarget else { return }
    if let slot {
      slots[slot] = entry
      return
    }
    let way = Int(older[set])
    slots[2 * set + way] = entry
    older[set] = UInt8(1 - way)
  }

  /// The set of `target`: its bytes hashed eight at a time (FxHash's step, then a final mix so
  /// the low bits depend on every byte).
  static func set(of target: String) -> Int {
    var text = target
    let hash = text.withUTF8 { bytes in
      let multiplier: UInt64 = 0x517c_c1b7_2722_0a95
      var hash = UInt64(bytes.count)
      var offset = 0
      while offset + 8 <= bytes.count {
        let word = UnsafeRawBufferPointer(bytes).loadUnaligned(
          fromByteOffset: offset, as: UInt64.self)
        hash = ((hash << 5 | hash >> 59) ^ word) &* multiplier
        offset += 8
      }
      var tail: UInt64 = 0
      while offset < bytes.count {
        tail = tail << 8 | UInt64(bytes[offset])
        offset += 1
      }
      hash = ((hash << 5 | hash >> 59) ^ tail) &* multiplier
      hash ^= hash >> 29
      hash &*= 0xbf58_476d_1ce4_e5b9
      return hash ^ hash >> 32
    }
    return Int(hash % UInt64(sets))
  }
}
