/// A parsed JSON text held in two contiguous blocks, a tape of one 64-bit word per value and
/// object key plus one buffer of string and number texts, instead of a tree of separately
/// allocated values: parsing allocates twice, and dropping the document frees both blocks at
/// once whatever its size.
///
/// Read it through `root`, a `JSONDocument.Value` (kind, subscripts, iteration, string and
/// number accessors), or turn any part into a `JSONValue` with `jsonValue` where the enum is
/// needed. The parser is `JSONParser`'s grammar: the same texts are accepted and rejected, with
/// the same errors at the same line and column, and the same depth limit (512 by default, at
/// most `JSONParser.depthCeiling`). Numbers keep their exact text; object members keep their
/// order, and duplicate keys are all kept, a lookup seeing the last one.
///
/// A document is immutable, so it and its values are `Sendable`.
///
/// - Complexity: parsing is O(n) in the length of the input, freeing O(1): a document of
///   16 MiB or more is unmapped on a thread of its own, so dropping it does not wait for the
///   kernel to take back its pages.
public struct JSONDocument: Sendable {
  /// Owns the two blocks; freeing it frees them.
  final class Storage: @unchecked Sendable {
    let tape: UnsafePointer<UInt64>
    let wordCount: Int
    let text: UnsafePointer<UInt8>
    let byteCount: Int
    private let tapeRegion: JSONRegion
    private let textRegion: JSONRegion

    init(tape: JSONRegion, wordCount: Int, text: JSONRegion, byteCount: Int) {
      tapeRegion = tape
      textRegion = text
      self.tape = UnsafePointer(tape.base.assumingMemoryBound(to: UInt64.self))
      self.wordCount = wordCount
      self.text = UnsafePointer(text.base.assumingMemoryBound(to: UInt8.self))
      self.byteCount = byteCount
    }

    deinit {
      JSONRegion.release([tapeRegion, textRegion], inUse: wordCount * 8 + byteCount)
    }

    /// How much of the tape and the text `release(before:)` gave back, in bytes.
    private var releasedTape = 0
    private var releasedText = 0

    /// Gives back the tape before index `position` and the text of the values there, once
    /// another MiB of either can go: nothing before `position` may be read afterwards.
    func release(before position: Int) {
      let tapeEnd = position * 8
      // The text of the first value from `position` on that keeps its text in the buffer.
      var textEnd: Int?
      var at = position
      while at < wordCount, at < position + 4096, textEnd == nil {
        let word = tape[at]
        let tag = JSONTape.tag(word)
        if tag == JSONTape.string || tag == JSONTape.number {
          // A long text has its length in the eight bytes before it.
          let long = JSONTape.field(word) == Int(JSONTape.fieldMask)
          textEnd = JSONTape.low(word) - (long ? 8 : 0)
        }
        at += 1
      }
      if tapeEnd - releasedTape >= 1 << 20 {
        tapeRegion.discard(before: tapeEnd)
        releasedTape = tapeEnd
      }
      if let textEnd, textEnd - releasedText >= 1 << 20 {
        textRegion.discard(before: textEnd)
        releasedText = textEnd
      }
    }
  }

  let storage: Storage

  /// Parses a complete JSON text in a buffer of UTF-8 bytes (a memory-mapped file, say),
  /// accepting up to `maxDepth` levels of nesting (clamped to 1...`JSONParser.depthCeiling`).
  ///
  /// - Parameter passed: told the offset the parse has reached, about every MiB (the document
  ///   keeps its own copy of the text, so a mapped file's pages before it can be given back).
  public init(
    parsing buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512,
    passed: (Int) -> Void = { _ in }
  ) throws(JSONParseError) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw JSONParseError(
        reason: .unexpected(expected: "a value", found: "end of input"), line: 1, column: 1,
        offset: 0)
    }
    let depth = min(max(maxDepth, 1), JSONParser.depthCeiling)
    var builder = try JSONTapeBuilder(base: base, count: buffer.count, maxDepth: depth)
    let ran = withoutActuallyEscaping(passed) { passed in
      builder.passed = passed
      defer { builder.passed = nil }
      return Result { () throws(JSONParseError) in try builder.run() }
    }
    do {
      try ran.get()
    } catch {
      builder.releaseAll()
      throw error
    }
    builder.scanner.scratch.deallocate()
    builder.tape.shrink(to: builder.wordCount * 8)
    builder.bytes.shrink(to: builder.byteCount)
    storage = Storage(
      tape: builder.tape, wordCount: builder.wordCount, text: builder.bytes,
      byteCount: builder.byteCount)
  }

  /// Parses a complete JSON text.
  public init(parsing bytes: [UInt8], maxDepth: Int = 512) throws(JSONParseError) {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) -> JSONDocument in
        try JSONDocument(parsing: buffer, maxDepth: maxDepth)
      }
    }
    self = try result.get()
  }

  /// Parses a complete JSON text held in a string.
  public init(parsing text: String, maxDepth: Int = 512) throws(JSONParseError) {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSONDocument in
        try JSONDocument(parsing: buffer, maxDepth: maxDepth)
      }
    }
    self = try result.get()
  }

  /// The document's value.
  public var root: Value { Value(storage: storage, index: 0) }

  /// The memory the document holds, in bytes: its tape and its text buffer.
  public var byteSize: Int { storage.wordCount * 8 + storage.byteCount }

  /// The whole document as a `JSONValue`.
  public var jsonValue: JSONValue { root.jsonValue }
}
