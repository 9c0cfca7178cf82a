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
/// - Complexity: parsing is O(n) in the length of the input, freeing O(1).
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
      tapeRegion.release()
      textRegion.release()
    }
  }

  let storage: Storage

  /// Parses a complete JSON text in a buffer of UTF-8 bytes (a memory-mapped file, say),
  /// accepting up to `maxDepth` levels of nesting (clamped to 1...`JSONParser.depthCeiling`).
  public init(
    parsing buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512
  ) throws(JSONParseError) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw JSONParseError(
        reason: .unexpected(expected: "a value", found: "end of input"), line: 1, column: 1,
        offset: 0)
    }
    let depth = min(max(maxDepth, 1), JSONParser.depthCeiling)
    var builder = try JSONTapeBuilder(base: base, count: buffer.count, maxDepth: depth)
    do {
      try builder.run()
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
