/// The parsing engine behind `JSONDocument`: the same grammar, checks and errors as
/// `JSONParser` (it drives the same `JSONScanner`), writing one tape word per value and key
/// and the text of longer strings and numbers into one byte buffer, instead of allocating a
/// value per node. Both blocks are reserved at the most a text of this length can need, so
/// nothing is copied to grow.
struct JSONTapeBuilder {
  var scanner: JSONScanner
  var tape: JSONRegion
  var bytes: JSONRegion
  var words: UnsafeMutablePointer<UInt64>
  var text: UnsafeMutablePointer<UInt8>
  var wordCount = 0
  var byteCount = 0
  /// Told the offset the scan has reached, about every MiB: the tape holds its own copy of
  /// everything, so a mapped file's pages before it can be given back.
  var passed: ((Int) -> Void)?
  private var nextReport = 1 << 20

  /// An open container: where its word is on the tape and how many commas it has seen.
  private struct Frame {
    var word: Int
    var commas: Int
    var isObject: Bool
  }

  /// Reserves both blocks; throws `.outOfMemory` when the system cannot give them.
  init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) throws(JSONParseError) {
    // Every word stands for at least one byte of input, and no string's content is longer
    // than its source; a string of 2^24 bytes or more adds an eight-byte length, and the
    // string scanner stores (and an inline word reads) up to eight bytes past what is used.
    let tapeBytes = (count + 1) * 8
    let textBytes = count + 8 * (count >> 24) + 16
    guard let tape = JSONRegion(capacity: tapeBytes) else {
      throw JSONParseError(reason: .outOfMemory(bytes: tapeBytes), line: 1, column: 1, offset: 0)
    }
    guard let bytes = JSONRegion(capacity: textBytes) else {
      tape.release()
      throw JSONParseError(reason: .outOfMemory(bytes: textBytes), line: 1, column: 1, offset: 0)
    }
    scanner = JSONScanner(base: base, count: count, maxDepth: maxDepth)
    self.tape = tape
    self.bytes = bytes
    words = tape.base.bindMemory(to: UInt64.self, capacity: count + 1)
    text = bytes.base.bindMemory(to: UInt8.self, capacity: textBytes)
  }

  /// Frees both blocks (after a failed parse; a finished one hands them to its document).
  func releaseAll() {
    tape.release()
    bytes.release()
    scanner.scratch.deallocate()
  }

  /// Parses the whole text; on success the tape holds `wordCount` words.
  mutating func run() throws(JSONParseError) {
    var frames: [Frame] = []
    frames.reserveCapacity(32)
    let base = scanner.base
    let count = scanner.count
    outer: while true {
      if scanner.index >= nextReport {
        passed?(scanner.index)
        populateAhead()
        nextReport = scanner.index + (1 << 20)
      }
      scanner.skipWhitespace()
      guard scanner.index < count else { throw scanner.error(expected: "a value") }
      switch base[scanner.index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let object = base[scanner.index] == UInt8(ascii: "{")
        if frames.count >= scanner.maxDepth {
          throw scanner.failure(.tooDeep(limit: scanner.maxDepth), at: scanner.index)
        }
        scanner.index += 1
        scanner.skipWhitespace()
        let tag = object ? JSONTape.object : JSONTape.array
        if scanner.index < count
          && base[scanner.index] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        {
          scanner.index += 1
          append(JSONTape.word(tag: tag, field: 0, low: wordCount + 1))
        } else {
          frames.append(Frame(word: wordCount, commas: 0, isObject: object))
          append(tag << 60)
          if object { try key(expected: "a string key or '}'") }
          continue outer
        }
      case UInt8(ascii: "\""):
        try scanString(tag: JSONTape.inlineString)
      case UInt8(ascii: "t"):
        try scanner.expectLiteral("true")
        append(JSONTape.true << 60)
      case UInt8(ascii: "f"):
        try scanner.expectLiteral("false")
        append(JSONTape.false << 60)
      case UInt8(ascii: "n"):
        try scanner.expectLiteral("null")
        append(JSONTape.null << 60)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = scanner.index
        try scanner.scanNumber()
        let length = scanner.index - start
        appendText(
          tag: JSONTape.inlineNumber, base + start, length: length,
          readable: start + 8 <= count)
      default:
        throw scanner.error(expected: "a value")
      }
      // A value is complete: continue its container, closing those that end here.
      while let frame = frames.last {
        scanner.skipWhitespace()
        let b: UInt8 = scanner.index < count ? base[scanner.index] : 0
        if b == UInt8(ascii: ",") {
          scanner.index += 1
          frames[frames.count - 1].commas += 1
          if frame.isObject {
            scanner.skipWhitespace()
            try key(expected: "a string key")
          }
          continue outer
        }
        guard b == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw scanner.error(
            expected: frame.isObject
              ? "',' or '}' after an object member" : "',' or ']' after an array element")
        }
        scanner.index += 1
        frames.removeLast()
        words[frame.word] = JSONTape.word(
          tag: frame.isObject ? JSONTape.object : JSONTape.array, field: frame.commas + 1,
          low: wordCount)
      }
      scanner.skipWhitespace()
      if scanner.index < count { throw scanner.error(expected: "end of input") }
      return
    }
  }

  /// Makes the tape and the text buffer resident ahead of the writes, about every MiB of
  /// input: as far as twice what the next MiB is likely to write, judged by what the input so
  /// far wrote (the pages past that, if any, fault in as used).
  private mutating func populateAhead() {
    let input = scanner.index
    tape.populate(through: wordCount * 8 + wordCount * 8 * (2 << 20) / input)
    bytes.populate(through: byteCount + byteCount * (2 << 20) / input)
  }

  @inline(__always)
  mutating func append(_ word: UInt64) {
    words[wordCount] = word
    wordCount += 1
  }

  /// A key, its colon and what follows up to the value.
  @inline(__always)
  private mutating func key(expected: String) throws(JSONParseError) {
    guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: "\"") else {
      throw scanner.error(expected: expected)
    }
    try scanString(tag: JSONTape.inlineString)
    scanner.skipWhitespace()
    guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: ":") else {
      throw scanner.error(expected: "':' after an object key")
    }
    scanner.index += 1
  }

  /// The text of a string or number: inline on the tape when short, else in the byte buffer.
  /// `tag` is the inline kind; the buffered kind is the next one.
  @inline(__always)
  private mutating func appendText(
    tag: UInt64, _ source: UnsafePointer<UInt8>, length: Int, readable: Bool
  ) {
    if length <= 7 {
      append(JSONTape.inlineWord(tag: tag, source, length: length, readable: readable))
      return
    }
    if length >= Int(JSONTape.fieldMask) {
      UnsafeMutableRawPointer(text + byteCount).storeBytes(
        of: UInt64(length), as: UInt64.self)
      byteCount += 8
    }
    append(JSONTape.word(tag: tag + 1, field: length, low: byteCount))
    (text + byteCount).update(from: source, count: length)
    byteCount += length
  }
}
