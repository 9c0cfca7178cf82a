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
    let bytes = try FileIO.read(path: path)
    return try Cassette(bytes: bytes, path: path)
  }

  /// Decodes cassette JSON; `path` only names the source in error messages.
  public init(bytes: [UInt8], path: String = "<cassette>") throws(CassetteError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(Interchange.withoutBOM(bytes))
    } catch {
      throw .invalidJSON(path: path, error: error)
    }
    self = try NativeCodec.decode(value, path: path)
  }

  /// The cassette as it is written to disk: pretty JSON in the fixed key order, ending with a
  /// newline.
  ///
  /// Printed one interaction at a time (the same bytes as printing the whole document), so a
  /// tree of the whole cassette never exists beside it.
  public func encoded() -> [UInt8] {
    let printer = JSONPrinter(options: [.pretty])
    guard !interactions.isEmpty else {
      var bytes = printer.bytes(NativeCodec.encode(self))
      bytes.append(0x0A)
      return bytes
    }
    // The document with one `null` for the interactions: the only bare `null` in it, since
    // the other members are a number and a string.
    var shell = self
    shell.interactions = []
    guard case .object(var root) = NativeCodec.encode(shell) else { return [] }
    root[NativeCodec.interactionsKey] = [.null]
    let frame = printer.bytes(.object(root))
    let null = Array("null".utf8)
    guard let at = frame.firstRange(of: null) else {
      var bytes = printer.bytes(NativeCodec.encode(self))
      bytes.append(0x0A)
      return bytes
    }
    let indent = frame[..<at.lowerBound].reversed().prefix { $0 == 0x20 }.count
    var bytes = Array(frame[..<at.lowerBound])
    for (index, interaction) in interactions.enumerated() {
      if index > 0 {
        bytes.append(0x2C)
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: indent))
      }
      // Structural line breaks only: strings escape theirs.
      for byte in printer.bytes(NativeCodec.encode(interaction)) {
        bytes.append(byte)
        if byte == 0x0A { bytes.append(contentsOf: repeatElement(0x20, count: indent)) }
      }
    }
    bytes.append(contentsOf: frame[at.upperBound...])
    bytes.append(0x0A)
    return bytes
  }

  /// Writes the cassette to `path` atomically (a temporary file in the same folder, flushed,
  /// then renamed over the target): readers see the old file or the new one, never a mix.
  public func save(to path: String) throws(CassetteError) {
    try FileIO.writeAtomically(encoded(), to: path)
  }
}
