/// A deflate (RFC 1951) encoder: one final block with the fixed Huffman codes, greedy LZ77
/// matches found through a hash of the next three bytes (a chain of up to 16 earlier places,
/// 32 KiB back at most). Linear in the input; JSON shrinks to a third or less, runs of one byte
/// to 13 bits per 258 bytes.
enum Deflater {
  static func deflate(_ input: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    let count = input.count
    let window = 1 << 15
    let hashSize = 1 << 15
    var head = [Int](repeating: -1, count: hashSize)
    var previous = [Int](repeating: -1, count: window)
    input.withUnsafeBufferPointer { data in
      func hash(_ i: Int) -> Int {
        (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & (hashSize - 1)
      }
      func insert(_ i: Int) {
        guard i + 2 < count else { return }
        let h = hash(i)
        previous[i & (window - 1)] = head[h]
        head[h] = i
      }
      var i = 0
      while i < count {
        var bestLength = 0
        var bestDistance = 0
        if i + 2 < count {
          var candidate = head[hash(i)]
          var chain = 16
          let longest = min(258, count - i)
          while candidate >= 0, i - candidate <= window, chain > 0 {
            var length = 0
            while length < longest, data[candidate + length] == data[i + length] { length += 1 }
            if length > bestLength {
              bestLength = length
              bestDistance = i - candidate
              if length == longest { break }
            }
            let next = previous[candidate & (window - 1)]
            guard next < candidate else { break }
            candidate = next
            chain -= 1
          }
        }
        if bestLength >= 3 {
          bits.length(bestLength)
          bits.distance(bestDistance)
          // Every place of a short match goes into the hash; of a long one (a run) the first
          // and last few, which keeps the chains recent at a fraction of the cost.
          if bestLength <= 32 {
            for j in i..<i + bestLength { insert(j) }
          } else {
            for j in i..<i + 4 { insert(j) }
            for j in i + bestLength - 3..<i + bestLength { insert(j) }
          }
          i += bestLength
        } else {
          bits.literal(Int(data[i]))
          insert(i)
          i += 1
        }
      }
    }
    bits.literal(256)
    return bits.finished
  }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var used: UInt32 = 0

    /// `value`'s low `count` bits, least significant first (header fields, extra bits).
    mutating func write(_ value: Int, count: Int) {
      for i in 0..<count { push(UInt32((value >> i) & 1)) }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ value: Int, length: Int) {
      for i in (0..<length).reversed() { push(UInt32((value >> i) & 1)) }
    }

    /// A literal byte or the end of block (256) in the fixed literal/length code.
    mutating func literal(_ symbol: Int) {
      switch symbol {
      case 0..<144: code(0x30 + symbol, length: 8)
      case 144..<256: code(0x190 + symbol - 144, length: 9)
      case 256..<280: code(symbol - 256, length: 7)
      default: code(0xC0 + symbol - 280, length: 8)
      }
    }

    mutating func length(_ length: Int) {
      var index = Inflater.lengthBase.count - 1
      while Inflater.lengthBase[index] > length { index -= 1 }
      literal(257 + index)
      write(length - Inflater.lengthBase[index], count: Inflater.lengthExtra[index])
    }

    mutating func distance(_ distance: Int) {
      var index = Inflater.distanceBase.count - 1
      while Inflater.distanceBase[index] > distance { index -= 1 }
      code(index, length: 5)
      write(distance - Inflater.distanceBase[index], count: Inflater.distanceExtra[index])
    }

    private mutating func push(_ bit: UInt32) {
      current |= bit << used
      used += 1
      if used == 8 {
        bytes.append(UInt8(current))
        current = 0
        used = 0
      }
    }

    var finished: [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
  }
}
