import GraphJSON

/// Many values of one header held as one UTF-8 buffer and the offset where each ends: a list of
/// half a million values read from a file costs its bytes and four more per value, where a
/// `String` and a field each cost about 110 bytes per value.
///
/// Values can be replaced (redaction does, rarely); a replaced value is kept beside the buffer.
public struct PackedHeaderValues: Sendable {
  /// The values' bytes, one after another (valid UTF-8, each value on its own).
  private let bytes: [UInt8]
  /// Where value `i` ends in `bytes`; it starts where value `i - 1` ends (or at 0).
  private let ends: [UInt32]
  /// Values replaced since, by index.
  private var replaced: [Int: String] = [:]

  /// The values whose bytes lie one after another in `bytes`, value `i` ending at `ends[i]`;
  /// nil unless `ends` rise from 0 to `bytes.count` and each value is valid UTF-8 (as a
  /// `String` of it would hold it, so no value is repaired).
  public init?(bytes: [UInt8], ends: [UInt32]) {
    guard !ends.isEmpty, Int(ends[ends.count - 1]) == bytes.count else { return nil }
    var previous: UInt32 = 0
    for end in ends {
      guard end >= previous else { return nil }
      previous = end
    }
    let valid = bytes.withUnsafeBufferPointer { buffer in
      UTF8Validation.isValid(buffer)
        // A value boundary inside a character would leave both sides invalid on their own.
        && ends.allSatisfy { Int($0) == buffer.count || buffer[Int($0)] & 0xC0 != 0x80 }
    }
    guard valid else { return nil }
    self.bytes = bytes
    self.ends = ends
  }

  /// How many values.
  public var count: Int { ends.count }

  /// Runs `body` on the UTF-8 bytes of value `index` (no `String` is made).
  public func withValue<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if var text = replaced[index] { return text.withUTF8(body) }
    let lo = index == 0 ? 0 : Int(ends[index - 1])
    let hi = Int(ends[index])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lo..<hi])) }
  }

  /// Value `index`; setting it keeps the new value beside the buffer.
  public subscript(index: Int) -> String {
    get { withValue(at: index) { String(decoding: $0, as: UTF8.self) } }
    set { replaced[index] = newValue }
  }
}
