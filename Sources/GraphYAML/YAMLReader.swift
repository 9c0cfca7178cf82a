import GraphJSON

/// Reads the YAML subset VCR cassettes are written in (Psych and PyYAML block style) into a
/// JSON value: block mappings and sequences, plain, single- and double-quoted scalars over
/// several lines, literal and folded block scalars, simple flow collections, comments and
/// document markers. `!binary` / `!!binary` scalars become `{"!binary": "<base64>"}`; other
/// tags are ignored. Anchors and aliases are refused with a clear error.
///
/// The reader works on the file's bytes (UTF-8), line by line with a cursor, and makes strings
/// only for the final scalars; columns in errors count Unicode scalars. The items of one
/// top-level sequence (a cassette's interactions) can be handed to a sink one by one instead of
/// being kept, so that the whole file never exists as a tree.
public struct YAMLReader {
  /// A problem and where: 1-based line and column.
  public struct Failure: Error {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// The sink's own error, when it is what stopped the reading.
    public var cause: (any Error)? = nil
  }

  /// Receives each item of the streamed sequence, with its index and its large scalars (kept
  /// out of the item's tree). What it throws stops the reading, as the `cause` of a `Failure`.
  public typealias Sink = (JSONValue, Int, [LargeScalar]) throws -> Void

  /// The file (a `- ` item marker is blanked in place as the reader passes it, which is why
  /// the reader may write to its bytes): an array's storage or a mapped file, valid while the
  /// reader runs.
  var bytes: UnsafeMutableBufferPointer<UInt8>
  /// Gives back the memory of the given range of the bytes (offsets from the start of the
  /// buffer handed to the reader), which the reader has passed, when they are a mapped file's.
  var discard: ((_ from: Int, _ before: Int) -> Void)?
  /// Where the pages were last discarded (an offset in `bytes`), and how far the BOM moved
  /// `bytes` from the start of the buffer handed to the reader.
  var discardedUpTo = 0
  var mappedOffset = 0
  /// The current line is `bytes[start..<end]` (without LF or CRLF); `newline` is its LF or
  /// the end of the file; `number` counts from 0.
  var start = 0
  var end = 0
  var newline = 0
  var number = 0
  /// Past the last line.
  var atEnd = false
  /// How many block and flow collections enclose the node being read.
  var depth = 0
  /// The top-level key whose sequence goes to `sink`, and the sink.
  var streamKey: String?
  var sink: Sink?
  /// The index in the top-level mapping of the member whose items went to the sink (its value
  /// is left as an empty array).
  var streamedMember: Int?
  /// Whether a streamed item is being read; where in it (the index of each enclosing member or
  /// element); its scalars of `largeScalarLimit` bytes or more, kept out of its tree.
  var inItem = false
  var itemPath: [Int] = []
  var large: [LargeScalar] = []
  var largeScalarLimit = YAMLReader.largeScalarBytes

  /// The deepest nesting read, the JSON parser's default: deeper files fail with the same
  /// message (`nesting deeper than 512 levels`) rather than overflowing the stack.
  static let maxDepth = JSONParser().maxDepth

  /// How far the reader moves on between two discards of a mapped file's pages.
  static let discardStep = 1 << 20

  /// The key of the object a `!binary` / `!!binary` scalar (base64 of bytes) is read as:
  /// `{"!binary": "<base64>"}`, which `YAMLWriter` writes back as `!!binary`.
  public static let binaryTag = "!binary"

  /// A reader of `buffer` (without its BOM), which must stay valid while it is used.
  init(
    buffer: UnsafeMutableBufferPointer<UInt8>,
    discard: ((_ from: Int, _ before: Int) -> Void)? = nil
  ) {
    var buffer = buffer
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      buffer = UnsafeMutableBufferPointer(rebasing: buffer[3...])
      mappedOffset = 3
    }
    bytes = buffer
    self.discard = discard
    setLine(from: 0)
  }

  /// Runs `body` with a reader of `bytes`.
  static func withReader<T>(
    _ bytes: consuming [UInt8], _ body: (inout YAMLReader) throws(Failure) -> T
  ) throws(Failure) -> T {
    var storage = bytes
    let result = storage.withUnsafeMutableBufferPointer { buffer -> Result<T, Failure> in
      var reader = YAMLReader(buffer: buffer)
      do throws(Failure) { return .success(try body(&reader)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Parses `text`.
  ///
  /// - Throws: `Failure` with line and column.
  public static func parse(_ text: String) throws(Failure) -> JSONValue {
    try withReader(Array(text.utf8)) { (reader: inout YAMLReader) throws(Failure) in
      try reader.document()
    }
  }

  /// Parses `bytes`, handing each item of the top-level mapping's `streamKey` sequence to
  /// `sink` instead of keeping it. Returns the document and the index of the member that was
  /// streamed (its value left as `[]`), if one was.
  ///
  /// - Throws: `Failure` with line and column, or with the sink's error as its `cause`.
  public static func parse(
    _ bytes: consuming [UInt8], streaming key: String,
    largeScalarBytes: Int = YAMLReader.largeScalarBytes, into sink: @escaping Sink
  ) throws(Failure) -> (value: JSONValue, streamedMember: Int?) {
    try withReader(bytes) { (reader: inout YAMLReader) throws(Failure) in
      reader.largeScalarLimit = largeScalarBytes
      return try reader.streamed(key, sink)
    }
  }

  /// As `parse(_:streaming:into:)`, for bytes that stay valid while the reader runs (a
  /// mapped file's, which the reader may write to): `discard` is called with ranges of them
  /// (`from..<before`, offsets in `buffer`) that the reader has passed, to give their pages
  /// back.
  public static func parse(
    _ buffer: UnsafeMutableBufferPointer<UInt8>,
    discard: @escaping (_ from: Int, _ before: Int) -> Void,
    streaming key: String, into sink: @escaping Sink
  ) throws(Failure) -> (value: JSONValue, streamedMember: Int?) {
    var reader = YAMLReader(buffer: buffer, discard: discard)
    return try reader.streamed(key, sink)
  }

  private mutating func streamed(_ key: String, _ sink: @escaping Sink) throws(Failure)
    -> (value: JSONValue, streamedMember: Int?)
  {
    streamKey = key
    self.sink = sink
    let value = try document()
    return (value, streamedMember)
  }

  private mutating func document() throws(Failure) -> JSONValue {
    skipBlank()
    if !atEnd {
      let c = contentStart
      if end - c >= 3, bytesEqual(c, c + 3, "---") {
        var r = c + 3
        while r < end, bytes[r] == Self.space { r += 1 }
        if r == end {
          advance()
        } else {
          // `--- value`: the value is read as if indented by four on a line of its own.
          if r - start >= 4 {
            for k in (r - 4)..<r { bytes[k] = Self.space }
            start = r - 4
          } else {
            // `---value` has no room in place: that line and the rest as a copy.
            let copy = [Self.space, Self.space, Self.space, Self.space] + bytes[r...]
            return try Self.withReader(copy) { (reader: inout YAMLReader) throws(Failure) in
              reader.streamKey = streamKey
              reader.sink = sink
              reader.largeScalarLimit = largeScalarLimit
              reader.number = number
              let value = try reader.documentBody()
              streamedMember = reader.streamedMember
              return value
            }
          }
        }
      }
    }
    return try documentBody()
  }

  /// The document from the current line on, after its `---`.
  private mutating func documentBody() throws(Failure) -> JSONValue {
    skipBlank()
    guard !atEnd else { return .null }
    let value = try node(minIndent: 0)
    skipBlank()
    if !atEnd, !bytesEqual(contentStart, end, "...") {
      throw failure("unexpected content (bad indentation?)", column: indent() + 1)
    }
    return value
  }
}
