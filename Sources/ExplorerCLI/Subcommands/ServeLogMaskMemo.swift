/// The masked form of the request targets the access log saw last (`ServeLog.mask`), so a
/// target requested again is not scanned for secrets again: masking is a function of the text
/// alone, and clients repeat their requests. Holds at most `capacity` targets of up to
/// `longestTarget` bytes, in memory only (like the request itself); when full it starts afresh.
///
/// For a method and target whose line start (`graph-explorer: GET /masked `) is printable
/// ASCII it also keeps that start's bytes: the rest of a line without an error is digits and
/// ASCII words, so such a line is the same as `ErrorPresenter.safe` would make it, and is
/// written without building a `String` (`ServeLogWriter`).
struct ServeLogMaskMemo {
  static let capacity = 64
  static let longestTarget = 2048

  struct Entry {
    var masked: String
    var method: String
    /// `graph-explorer: METHOD MASKED ` when that is printable ASCII.
    var lineStart: [UInt8]?
  }

  private var entries: [String: Entry] = [:]

  /// `ServeLog.mask(target)`, from the memo when `target` was masked before.
  mutating func mask(_ target: String) -> String {
    if let known = entries[target] { return known.masked }
    let result = ServeLog.mask(target)
    keep(target, Entry(masked: result, method: "", lineStart: nil))
    return result
  }

  /// The printable-ASCII start of the log line for `method` and `target`, or `nil` when it
  /// holds anything `ErrorPresenter.safe` would escape.
  mutating func lineStart(method: String, target: String) -> [UInt8]? {
    let known = entries[target]
    if let known, known.method == method { return known.lineStart }
    let masked = known?.masked ?? ServeLog.mask(target)
    var bytes = Array("graph-explorer: ".utf8)
    bytes.append(contentsOf: method.utf8)
    bytes.append(32)
    bytes.append(contentsOf: masked.utf8)
    bytes.append(32)
    let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let start = printable ? bytes : nil
    keep(target, Entry(masked: masked, method: method, lineStart: start))
    return start
  }

  private mutating func keep(_ target: String, _ entry: Entry) {
    guard target.utf8.count <= Self.longestTarget else { return }
    if entries.count >= Self.capacity, entries[target] == nil {
      entries.removeAll(keepingCapacity: true)
    }
    entries[target] = entry
  }
}
