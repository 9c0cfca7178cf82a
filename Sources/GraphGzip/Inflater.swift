/// A deflate (RFC 1951) decoder that never produces more than its limit: stored, fixed and
/// dynamic Huffman blocks, canonical codes decoded bit by bit (as zlib's `puff`).
struct Inflater {
  private let input: [UInt8]
  /// The first byte not consumed, once `inflate()` returns.
  private(set) var position: Int
  private let limit: Int
  private var bitBuffer: UInt32 = 0
  private var bitCount = 0
  private var out: [UInt8] = []

  init(_ input: [UInt8], from position: Int, limit: Int) {
    self.input = input
    self.position = position
    self.limit = limit
  }

  /// A canonical Huffman code: how many codes of each length, the symbols in code order.
  struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    init(lengths: [Int]) throws(Gzip.Failure) {
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      var left = 1
      for length in 1...15 {
        left <<= 1
        left -= counts[length]
        guard left >= 0 else { throw .malformed("an over-subscribed Huffman code") }
      }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  static let fixedLiterals: Code = {
    let lengths =
      [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
      + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
    // The fixed lengths form a complete code.
    return (try? Code(lengths: lengths)) ?? Code.empty
  }()
  static let fixedDistances: Code = (try? Code(lengths: [Int](repeating: 5, count: 30))) ?? .empty

  /// Every block up to and including the final one.
  mutating func inflate() throws(Gzip.Failure) -> [UInt8] {
    var last = false
    while !last {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try stored()
      case 1: try codes(Self.fixedLiterals, Self.fixedDistances)
      case 2:
        let (literals, distances) = try dynamicCodes()
        try codes(literals, distances)
      default: throw .malformed("block type 3 does not exist")
      }
    }
    return out
  }

  private mutating func bits(_ count: Int) throws(Gzip.Failure) -> Int {
    while bitCount < count {
      guard position < input.count else { throw .malformed("the deflate data ends early") }
      bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
      position += 1
      bitCount += 8
    }
    let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
    bitBuffer >>= UInt32(count)
    bitCount -= count
    return value
  }

  private mutating func room(for count: Int) throws(Gzip.Failure) {
    guard count <= limit - out.count else { throw .tooLarge(limit: limit) }
  }

  private mutating func stored() throws(Gzip.Failure) {
    bitBuffer = 0
    bitCount = 0
    guard input.count - position >= 4 else { throw .malformed("the deflate data ends early") }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
    guard length == ~check & 0xFFFF else {
      throw .malformed("a stored block's length does not match its complement")
    }
    position += 4
    guard input.count - position >= length else {
      throw .malformed("the deflate data ends early")
    }
    try room(for: length)
    out += input[position..<position + length]
    position += length
  }

  private mutating func decode(_ code: Code) throws(Gzip.Failure) -> Int {
    var value = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      value |= try bits(1)
      let count = code.counts[length]
      if value - count < first { return code.symbols[index + value - first] }
      index += count
      first += count
      first <<= 1
      value <<= 1
    }
    throw .malformed("a Huffman code that is not in the table")
  }

  private mutating func codes(_ literals: Code, _ distances: Code) throws(Gzip.Failure) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        try room(for: 1)
        out.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let index = symbol - 257
      guard index < 29 else { throw .malformed("length code \(symbol) does not exist") }
      let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
      let distanceCode = try decode(distances)
      guard distanceCode < 30 else {
        throw .malformed("distance code \(distanceCode) does not exist")
      }
      let distance =
        Self.distanceBase[distanceCode] + (try bits(Self.distanceExtra[distanceCode]))
      guard distance <= out.count else {
        throw .malformed("a distance of \(distance) reaches before the start of the data")
      }
      try room(for: length)
      let start = out.count - distance
      // One byte at a time: the source may overlap what is being written (distance < length),
      // and appending a slice of `out` to itself would copy the whole array.
      for i in 0..<length { out.append(out[start + i]) }
    }
  }

  private mutating func dynamicCodes() throws(Gzip.Failure) -> (Code, Code) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .malformed("a dynamic block with too many codes")
    }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var lengthLengths = [Int](repeating: 0, count: 19)
    for i in 0..<lengthCount { lengthLengths[order[i]] = try bits(3) }
    let lengthCode = try Code(lengths: lengthLengths)
    var lengths: [Int] = []
    let total = literalCount + distanceCount
    while lengths.count < total {
      let symbol = try decode(lengthCode)
      var repeated = 0
      var count = 0
      switch symbol {
      case 0..<16:
        lengths.append(symbol)
        continue
      case 16:
        guard let previous = lengths.last else {
          throw .malformed("a repeated code length with none before it")
        }
        repeated = previous
        count = 3 + (try bits(2))
      case 17: count = 3 + (try bits(3))
      default: count = 11 + (try bits(7))
      }
      guard lengths.count + count <= total else {
        throw .malformed("code lengths run past the codes")
      }
      lengths += repeatElement(repeated, count: count)
    }
    guard lengths[256] != 0 else { throw .malformed("a block without an end-of-block code") }
    return (
      try Code(lengths: Array(lengths[..<literalCount])),
      try Code(lengths: Array(lengths[literalCount...]))
    )
  }
}

extension Inflater.Code {
  fileprivate static let empty = Inflater.Code()
  private init() {}
}
