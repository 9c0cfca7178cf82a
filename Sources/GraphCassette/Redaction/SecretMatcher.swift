/// Finds every registered secret in text in one pass over its decoded bytes, however each
/// occurrence is encoded (raw, percent-encoded once or twice in either hex case, JSON-escaped,
/// or a mix), and replaces it by its placeholder in the original bytes.
///
/// Each secret is indexed by its last eight bytes (six for six- and seven-byte secrets), so a
/// pass costs one table probe per byte plus a check per candidate, whatever the number of
/// secrets: tokens of one app share long prefixes but not suffixes. Adding a secret costs
/// O(1); nothing is re-sorted or rescanned.
struct SecretMatcher {
  /// Secrets shorter than this are only replaced where a parameter names them.
  static let shortest = 6

  private struct Entry {
    var bytes: [UInt8]
    var replacement: [UInt8]
  }

  private var entries: [Entry] = []
  private var long: [UInt64: [Int32]] = [:]
  private var short: [UInt64: [Int32]] = [:]
  /// One bit per hash of an indexed window: most bytes of most text end no secret. It starts
  /// at 4,096 bits and grows with the secrets (to 2^20 bits), so a matcher for one short text
  /// (the `serve` log's) costs no 128 KiB to clear.
  private var filter: [UInt64] = []
  /// log2 of the filter's bits.
  private var filterBits = 0
  private static let smallestFilterBits = 12
  private static let largestFilterBits = 20

  var isEmpty: Bool { entries.isEmpty }

  /// Adds `value`, to be replaced by `replacement`.
  mutating func insert(_ value: [UInt8], replacement: [UInt8]) {
    guard value.count >= Self.shortest else { return }
    let index = Int32(entries.count)
    entries.append(Entry(bytes: value, replacement: replacement))
    let width = value.count >= 8 ? 8 : 6
    let key = Self.key(value[(value.count - width)...])
    if width == 8 {
      long[key, default: []].append(index)
    } else {
      short[key, default: []].append(index)
    }
    if filter.isEmpty || entries.count << 4 > 1 << filterBits, filterBits < Self.largestFilterBits {
      growFilter()
    } else {
      let bit = Self.bit(key, width: width, bits: filterBits)
      filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }
  }

  /// Rebuilds the filter at least 16 bits per secret (within its bounds), from every entry.
  private mutating func growFilter() {
    var bits = max(filterBits, Self.smallestFilterBits)
    while entries.count << 4 > 1 << bits, bits < Self.largestFilterBits { bits += 1 }
    if !filter.isEmpty, bits == filterBits { bits += 1 }
    filterBits = bits
    filter = [UInt64](repeating: 0, count: (1 << bits) >> 6)
    for entry in entries {
      let value = entry.bytes
      let width = value.count >= 8 ? 8 : 6
      let bit = Self.bit(Self.key(value[(value.count - width)...]), width: width, bits: bits)
      filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }
  }

  /// A match: the decoded range and the secret's index.
  struct Match {
    var range: Range<Int>
    var entry: Int
  }

  /// The non-overlapping matches in `decoded`, leftmost first; where two overlap the longer wins.
  func matches(in decoded: [UInt8]) -> [Match] {
    guard !entries.isEmpty, decoded.count >= Self.shortest else { return [] }
    var result: [Match] = []
    var window: UInt64 = 0
    let hasShort = !short.isEmpty
    for end in 0..<decoded.count {
      window = window << 8 | UInt64(decoded[end])
      let length = end + 1
      var best: Match?
      if length >= 8, probe(window, width: 8),
        let candidates = long[window]
      {
        best = longest(candidates, endingAt: length, in: decoded)
      }
      if hasShort, length >= 6 {
        let key = window & 0xFFFF_FFFF_FFFF
        if probe(key, width: 6), let candidates = short[key],
          let m = longest(candidates, endingAt: length, in: decoded),
          m.range.count > (best?.range.count ?? 0)
        {
          best = m
        }
      }
      guard let best else { continue }
      if let last = result.last, best.range.lowerBound < last.range.upperBound {
        if best.range.lowerBound <= last.range.lowerBound { result[result.count - 1] = best }
        continue
      }
      result.append(best)
    }
    return result
  }

  /// `bytes` with every match replaced.
  func replace(_ bytes: [UInt8]) -> [UInt8] {
    guard !entries.isEmpty else { return bytes }
    // The map from decoded bytes back to the source is made only when something matched.
    let found = matches(in: DecodedText.bytes(of: bytes))
    guard !found.isEmpty else { return bytes }
    let decoded = DecodedText(bytes)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var last = 0
    for m in found {
      let source = decoded.sourceRange(m.range)
      out += bytes[last..<source.lowerBound]
      out += entries[m.entry].replacement
      last = source.upperBound
    }
    out += bytes[last...]
    return out
  }

  /// `text` with every match replaced.
  func replace(_ text: String) -> String { replacing(text) ?? text }

  /// `text` with every match replaced, or nil when it holds none.
  func replacing(_ text: String) -> String? {
    guard !entries.isEmpty else { return nil }
    let bytes = Array(text.utf8)
    let out = replace(bytes)
    return out == bytes ? nil : String(decoding: out, as: UTF8.self)
  }

  /// The value of entry `index`.
  func value(of index: Int) -> [UInt8] { entries[index].bytes }

  /// What entry `index` is replaced by.
  func replacement(of index: Int) -> [UInt8] { entries[index].replacement }

  private func probe(_ key: UInt64, width: Int) -> Bool {
    let bit = Self.bit(key, width: width, bits: filterBits)
    return filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  private func longest(_ candidates: [Int32], endingAt end: Int, in s: [UInt8]) -> Match? {
    var best: Match?
    for candidate in candidates {
      let bytes = entries[Int(candidate)].bytes
      guard bytes.count <= end, bytes.count > (best?.range.count ?? 0) else { continue }
      let start = end - bytes.count
      if s[start..<end].elementsEqual(bytes) {
        best = Match(range: start..<end, entry: Int(candidate))
      }
    }
    return best
  }

  private static func key(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  private static func bit(_ key: UInt64, width: Int, bits: Int) -> Int {
    Int(truncatingIfNeeded: ((key &* 0x9E37_79B9_7F4A_7C15) &+ UInt64(width)) >> UInt64(64 - bits))
  }
}
