import GraphAPI
import GraphJSON

/// A recorded session: an ordered list of HTTP exchanges, as stored in a native cassette file
/// (docs/cassette-format.md).
///
/// On disk a cassette is pretty JSON whose first member names the format and its version
/// (`"graph_explorer_cassette": 1`), with every key in a fixed order so that re-recording gives
/// small git diffs. JSON bodies are stored as JSON, other text as text, anything else as base64.
public struct Cassette: Sendable, Hashable {
  /// The format version this library writes and the newest it reads.
  public static let formatVersion = 1

  /// What wrote the cassette (`graph-explorer 0.1.0`), when known.
  public var recordedWith: String?
  /// The exchanges, in the order they happened.
  public var interactions: [Interaction]
  /// When the file's last append was torn by a crash (`Cassette.untorn`), the bytes left out
  /// at its end (0 when only its closing brackets were missing); nil for a whole file.
  public var tornTailBytes: Int?

  /// A cassette holding `interactions`.
  public init(interactions: [Interaction] = [], recordedWith: String? = nil) {
    self.interactions = interactions
    self.recordedWith = recordedWith
  }

  /// Reads and validates the cassette at `path`.
  ///
  /// - Throws: `CassetteError.io` when the file cannot be read, `.invalidJSON` with the line and
  ///   column when it is not JSON, `.invalidField` naming the interaction and field when it is
  ///   not a valid cassette, `.unsupportedVersion` when it is newer than this library.
  /// - Complexity: O(n) in the file size.
  public static func load(path: String) throws(CassetteError) -> Cassette {
    if let file = MappedFile(path: path) { return try load(mapped: file, path: path) }
    let bytes = try FileIO.read(path: path)
    return try Cassette(bytes: bytes, path: path)
  }

  /// A regular file is parsed from its mapping, so a broken one fails at its first bad byte
  /// without its size in memory (issue 31: a sparse 40 GiB file broken at byte 47). Only a
  /// failure close enough to the end to be a torn tail (`tornTailLimit`) reads the bytes.
  static func load(mapped file: MappedFile, path: String) throws(CassetteError) -> Cassette {
    var buffer = UnsafeBufferPointer(file.bytes)
    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
      buffer = UnsafeBufferPointer(rebasing: buffer[3...])
    }
    let cassette: Cassette
    do {
      let document = try JSONDocument(parsing: buffer, passed: file.discarding())
      file.discard(from: 0, before: file.bytes.count)
      cassette = try NativeCodec.decode(document, path: path)
    } catch let error as JSONParseError {
      try file.checkIntact()
      guard buffer.count - error.offset <= Self.tornTailLimit else {
        throw .invalidJSON(path: path, error: error)
      }
      cassette = try Cassette(bytes: Array(file.bytes), path: path)
    } catch let error as CassetteError {
      try file.checkIntact()
      throw error
    } catch {
      throw .io(path: path, operation: "read", reason: "\(error)")
    }
    try file.checkIntact()
    return cassette
  }

  /// The most bytes after a parse error that a torn tail (one interrupted append) may span:
  /// four times the default largest answer recorded. **[choice]**
  package static let tornTailLimit = 256 << 20

  /// Decodes cassette JSON; `path` only names the source in error messages.
  public init(bytes: [UInt8], path: String = "<cassette>") throws(CassetteError) {
    let clean = Interchange.withoutBOM(bytes)
    let document: JSONDocument
    do {
      // A document, not a tree: each interaction is made a tree in turn.
      document = try JSONDocument(parsing: clean)
    } catch {
      guard let (value, torn) = Self.untorn(clean, failure: error) else {
        throw .invalidJSON(path: path, error: error)
      }
      self = try NativeCodec.decode(value, path: path)
      tornTailBytes = torn
      return
    }
    self = try NativeCodec.decode(document, path: path)
  }

  /// The cassette as it is written to disk: pretty JSON in the fixed key order, ending with a
  /// newline.
  ///
  /// Printed one interaction at a time (the same bytes as printing the whole document), so a
  /// tree of the whole cassette never exists beside it.
  public func encoded() -> [UInt8] {
    var index = 0
    let chunks = Self.print(shell: self, count: interactions.count, chunkSize: .max) {
      defer { index += 1 }
      return interactions[index]
    }
    return chunks.count == 1 ? chunks[0] : Array(chunks.joined())
  }

  /// The document of `shell` (whose interactions are not used) with `count` interactions
  /// taken from `next` in order, in chunks of about `chunkSize` bytes.
  private static func print(
    shell: Cassette, count: Int, chunkSize: Int, next: () -> Interaction
  ) -> [[UInt8]] {
    let printer = JSONPrinter(options: [.pretty])
    var shell = shell
    shell.interactions = []
    guard case .object(var root) = NativeCodec.encode(shell) else { return [] }
    if count == 0 {
      var bytes = printer.bytes(.object(root))
      bytes.append(0x0A)
      return [bytes]
    }
    // The document with one `null` for the interactions: the only bare `null` in it, since
    // the other members are a number and a string.
    root[NativeCodec.interactionsKey] = [.null]
    let frame = printer.bytes(.object(root))
    guard let at = frame.firstRange(of: Array("null".utf8)) else { return [] }
    let indent = frame[..<at.lowerBound].reversed().prefix { $0 == 0x20 }.count
    var chunks: [[UInt8]] = []
    var bytes = Array(frame[..<at.lowerBound])
    for index in 0..<count {
      if index > 0 {
        bytes.append(0x2C)
        bytes.append(0x0A)
        Spaces.append(indent, to: &bytes)
      }
      append(next(), indentedBy: indent, to: &bytes, printer: printer)
      if bytes.count >= chunkSize {
        chunks.append(bytes)
        bytes = []
        bytes.reserveCapacity(chunkSize + chunkSize / 4)
      }
    }
    bytes.append(contentsOf: frame[at.upperBound...])
    bytes.append(0x0A)
    chunks.append(bytes)
    return chunks
  }

  /// Appends `interaction` printed as in a cassette's `interactions` array whose items are
  /// indented by `indent` spaces (after its first line's indentation).
  private static func append(
    _ interaction: Interaction, indentedBy indent: Int, to bytes: inout [UInt8],
    printer: JSONPrinter
  ) {
    // A JSON response body is printed from its parsed document in its marker's place, not
    // made a tree first (recording an answer, issue 48): the same bytes.
    let (value, json) = NativeCodec.encode(interaction, jsonMarker: jsonMarker)
    let printed = printer.bytes(value)
    guard let json, let at = ByteSearch.first(printedJSONMarker, in: printed) else {
      appendLines(printed[...], indentedBy: indent, to: &bytes)
      return
    }
    appendLines(printed[..<at], indentedBy: indent, to: &bytes)
    // The value's own lines go as deep as the line of its member.
    let lineStart = printed[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let member = printed[lineStart...].prefix { $0 == 0x20 }.count
    appendLines(printer.bytes(json.root)[...], indentedBy: indent + member, to: &bytes)
    appendLines(printed[(at + printedJSONMarker.count)...], indentedBy: indent, to: &bytes)
  }

  /// Appends `printed`, each of its line breaks followed by `indent` spaces. Structural line
  /// breaks only: strings escape theirs. Copied a line at a time, not a byte.
  static func appendLines(
    _ printed: ArraySlice<UInt8>, indentedBy indent: Int, to bytes: inout [UInt8]
  ) {
    var start = printed.startIndex
    while let newline = printed[start...].firstIndex(of: 0x0A) {
      bytes.append(contentsOf: printed[start...newline])
      Spaces.append(indent, to: &bytes)
      start = newline + 1
    }
    bytes.append(contentsOf: printed[start...])
  }

  /// Stands for a JSON response body while its interaction is printed: a string no cassette
  /// holds (a NUL, and a random number for the process).
  static let jsonMarker =
    "\u{0}graph-explorer JSON body \(String(UInt64.random(in: .min ... .max), radix: 36))"
  /// `jsonMarker` as printed, quotes and all.
  static let printedJSONMarker = JSONPrinter(options: [.pretty]).bytes(.string(jsonMarker))

  /// How far a cassette indents its interactions, as `encoded()` prints them.
  static let interactionIndent: Int = {
    let shell: JSONValue = [NativeCodec.interactionsKey: [JSONValue.null]]
    let frame = JSONPrinter(options: [.pretty]).bytes(shell)
    guard let at = frame.firstRange(of: Array("null".utf8)) else { return 0 }
    return frame[..<at.lowerBound].reversed().prefix { $0 == 0x20 }.count
  }()

  /// `interaction` exactly as it appears inside `encoded()`'s `interactions` array, its first
  /// line's indentation included and no separator: what an append to a cassette's tail writes.
  /// Printed straight to bytes (`InteractionItemPrinter`), with no tree of the interaction.
  static func arrayItem(_ interaction: Interaction) -> [UInt8] {
    InteractionItemPrinter.item(interaction, indent: interactionIndent)
  }

  /// As `arrayItem(_:)`, with the header fields printed last time (`PrintedHeaders`): the
  /// same bytes.
  static func arrayItem(_ interaction: Interaction, memo: inout PrintedHeaders) -> [UInt8] {
    InteractionItemPrinter.item(interaction, indent: interactionIndent, memo: &memo)
  }

  /// Writes the cassette to `path` atomically (a temporary file in the same folder, flushed,
  /// then renamed over the target): readers see the old file or the new one, never a mix.
  public func save(to path: String) throws(CassetteError) {
    try FileIO.writeAtomically(encoded(), to: path)
  }
}
