import GraphAPI
import GraphJSON
import GraphYAML

/// Import from and export to the formats other record/replay tools use: HAR 1.2, Ruby VCR
/// (JSON and YAML) and vcrpy (JSON and YAML).
public enum Interchange {
  /// A Ruby VCR (`ruby`) or vcrpy YAML cassette, decoded with every scalar and header list of
  /// `largeScalarBytes` or more kept out of the tree, as a large file's are (1 MiB by default):
  /// what the tests and the fuzz target compare with the tree's decoding.
  package static func decodeYAML(_ bytes: [UInt8], ruby: Bool, largeScalarBytes: Int)
    throws(CassetteError) -> Cassette
  {
    let format: InterchangeFormat = ruby ? .vcrYAML : .vcrpyYAML
    return try VCRCodec.decodeYAML(
      bytes, dialect: ruby ? .ruby : .python,
      reader: FieldReader(path: "yaml", interaction: nil, format: format.displayName),
      largeScalarBytes: largeScalarBytes)
  }

  /// Reads `bytes` as `format` (detected when `nil`) and redacts any secrets it holds: files
  /// from other tools often keep tokens in the clear. `publicValues` are left alone (the
  /// emulator's published test tokens).
  ///
  /// - Throws: `.invalidInterchange` naming the entry and the field, `.invalidJSON` with line
  ///   and column, `.unknownFormat`.
  public static func importCassette(
    _ bytes: [UInt8], path: String, format: InterchangeFormat? = nil,
    knownSecrets: [Secret] = [], publicValues: Set<String> = []
  ) throws(CassetteError) -> (cassette: Cassette, format: InterchangeFormat) {
    let result = try importWithNotes(
      bytes, path: path, format: format, knownSecrets: knownSecrets, publicValues: publicValues)
    return (result.cassette, result.format)
  }

  /// Reads `bytes` as `format` (detected when `nil`) as it is, secrets and all: what `audit`
  /// looks through. Anything written to disk goes through `importCassette` instead.
  ///
  /// - Throws: as `importCassette`.
  public static func read(
    _ bytes: [UInt8], path: String, format: InterchangeFormat? = nil
  ) throws(CassetteError) -> (cassette: Cassette, format: InterchangeFormat) {
    let result = try readWithNotes(bytes, path: path, format: format)
    return (result.cassette, result.format)
  }

  /// What an import read: the cassette, its format, and notes on what it left out (HAR
  /// entries with status 0: requests the browser blocked or that failed).
  public struct Imported: Sendable {
    public var cassette: Cassette
    public var format: InterchangeFormat
    public var notes: [String]
    /// HAR entries left out for having no answer (status 0), numbered from 1: not part of the
    /// cassette, but what they hold is in the file (`audit` looks at them).
    public var unanswered: [(entry: Int, interaction: Interaction)] = []
  }

  /// As `importCassette`, with the notes on what was left out.
  public static func importWithNotes(
    _ bytes: consuming [UInt8], path: String, format: InterchangeFormat? = nil,
    knownSecrets: [Secret] = [], publicValues: Set<String> = []
  ) throws(CassetteError) -> Imported {
    redacted(
      try readWithNotes(bytes, path: path, format: format), knownSecrets: knownSecrets,
      publicValues: publicValues)
  }

  /// `result` with every secret replaced by its placeholder.
  static func redacted(
    _ result: consuming Imported, knownSecrets: [Secret], publicValues: Set<String>
  )
    -> Imported
  {
    var result = result
    var redactor = Redactor(knownSecrets: knownSecrets, publicValues: publicValues)
    redactor.reservePlaceholders(in: result.cassette)
    redactor.redact(&result.cassette)
    return result
  }

  /// The document format detection parsed, or `buffer` parsed into one (when `--from`
  /// skipped detection).
  private static func parsedDocument(
    _ detected: JSONDocument?, parsing buffer: UnsafeBufferPointer<UInt8>, path: String
  ) throws(CassetteError) -> JSONDocument {
    if let detected { return detected }
    do { return try JSONDocument(parsing: buffer) } catch {
      throw .invalidJSON(path: path, error: error)
    }
  }

  /// As `read`, with the notes on what was left out.
  public static func readWithNotes(
    _ bytes: consuming [UInt8], path: String, format: InterchangeFormat? = nil
  ) throws(CassetteError) -> Imported {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var notes = CassetteDialect.Notes()
    var (format, detectedDocument) = try resolved(format) { () throws(CassetteError) in
      try bytes.withUnsafeBufferPointer { buffer throws(CassetteError) in
        try detectParsed(buffer: buffer, path: path)
      }
    }
    let reader = FieldReader(path: path, interaction: nil, format: format.displayName)
    let cassette: Cassette
    switch format.dialect.reader {
    case .document(let decode, let fromBytes):
      let detected = detectedDocument.take()
      if detected == nil, let fromBytes {
        cassette = try fromBytes(bytes, path)
      } else {
        // A document, not a tree: each entry or interaction is made a tree in turn.
        let document = try bytes.withUnsafeBufferPointer { buffer throws(CassetteError) in
          try parsedDocument(detected, parsing: buffer, path: path)
        }
        bytes = []
        cassette = try decode(document, reader, &notes)
      }
    case .tree(let decode):
      let value: JSONValue
      do { value = try JSONParser.parse(bytes) } catch {
        throw .invalidJSON(path: path, error: error)
      }
      cassette = try decode(value, reader, &notes)
    case .yaml(let dialect):
      // The reader takes the bytes over, so they are released when it is done.
      var taken: [UInt8] = []
      swap(&taken, &bytes)
      cassette = try VCRCodec.decodeYAML(taken, dialect: dialect, reader: reader)
    }
    try ResponseHeaderRule.check(cassette, path: path)
    return Imported(
      cassette: cassette, format: format, notes: notes.lines, unanswered: notes.unanswered)
  }

  /// As `importWithNotes(_:path:format:knownSecrets:publicValues:)`, for a mapped file: YAML is
  /// read straight from the mapping, whose pages are given back as the reader passes them, so
  /// the file is never resident whole; the other formats are read from a copy.
  package static func importWithNotes(
    _ file: MappedFile, path: String, format: InterchangeFormat? = nil,
    knownSecrets: [Secret] = [], publicValues: Set<String> = []
  ) throws(CassetteError) -> Imported {
    redacted(
      try readWithNotes(file, path: path, format: format), knownSecrets: knownSecrets,
      publicValues: publicValues)
  }

  /// As `readWithNotes(_:path:format:)` (nothing redacted, for `audit`), for a mapped file.
  package static func readWithNotes(
    _ file: MappedFile, path: String, format: InterchangeFormat? = nil
  ) throws(CassetteError) -> Imported {
    let result: Imported
    do {
      result = try readMapped(file, path: path, format: format)
      try ResponseHeaderRule.check(result.cassette, path: path)
    } catch {
      // A reader that met the zeros of a cut file fails for the cut, not for the zeros.
      try file.checkIntact()
      throw error
    }
    try file.checkIntact()
    return result
  }

  /// The format `requested` names, else the one `detect` finds, with the document detection
  /// parsed when that format is decoded from it (kept, not parsed again).
  private static func resolved(
    _ requested: InterchangeFormat?,
    detect: () throws(CassetteError) -> (format: InterchangeFormat, document: JSONDocument?)
  ) throws(CassetteError) -> (InterchangeFormat, JSONDocument?) {
    if let requested { return (requested, nil) }
    let detected = try detect()
    return (
      detected.format, detected.format.dialect.readsDocument ? detected.document : nil
    )
  }

  private static func readMapped(
    _ file: MappedFile, path: String, format: InterchangeFormat?
  ) throws(CassetteError) -> Imported {
    var (format, detectedDocument) = try resolved(format) { () throws(CassetteError) in
      try detectParsed(
        buffer: UnsafeBufferPointer(file.bytes), path: path, passed: file.discarding())
    }
    let reader = FieldReader(path: path, interaction: nil, format: format.displayName)
    let result: Imported
    switch format.dialect.reader {
    case .yaml(let dialect):
      let cassette = try VCRCodec.decodeYAML(file, dialect: dialect, reader: reader)
      result = Imported(cassette: cassette, format: format, notes: [])
    case .document(let decode, _):
      // Parsed from the mapping into a document (no copy of the file), whose pages are given
      // back once it is parsed; the entries are decoded one by one from it.
      var buffer = UnsafeBufferPointer(file.bytes)
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
        buffer = UnsafeBufferPointer(rebasing: buffer[3...])
      }
      // Taken out, so that the document is released once decoded, before redaction.
      let detected = detectedDocument.take()
      let parsed: Result<JSONDocument, JSONParseError>
      if let detected {
        parsed = .success(detected)
      } else {
        do throws(JSONParseError) {
          parsed = .success(try JSONDocument(parsing: buffer, passed: file.discarding()))
        } catch {
          parsed = .failure(error)
        }
      }
      if case .failure(let error) = parsed, buffer.count - error.offset > Cassette.tornTailLimit {
        // Far from the end: no torn tail, so the bytes are not read for it (a sparse 40 GiB
        // file broken at byte 47 fails here, at once).
        throw .invalidJSON(path: path, error: error)
      }
      guard case .success(let document) = parsed else {
        // Not JSON: a native cassette's torn tail is read from its bytes, as
        // `Cassette(bytes:)` does; the others fail as their bytes do.
        return try readWithNotes(Array(file.bytes), path: path, format: format)
      }
      file.discard(from: 0, before: file.bytes.count)
      var notes = CassetteDialect.Notes()
      let cassette = try decode(document, reader, &notes)
      result = Imported(
        cassette: cassette, format: format, notes: notes.lines, unanswered: notes.unanswered)
    case .tree:
      return try readWithNotes(Array(file.bytes), path: path, format: format)
    }
    return result
  }

  /// Why `cassette` cannot be written in `format` so that its own tool reads it, if it cannot:
  /// a format whose tool refuses bytes that are not text (vcrpy's JSON serializer: vcrpy itself
  /// refuses to write them) gets a binary body pointed to the same tool's format that takes it.
  public static func exportRefusal(_ cassette: Cassette, as format: InterchangeFormat) -> String? {
    let dialect = format.dialect
    guard dialect.refusesBinary else { return nil }
    for (index, interaction) in cassette.interactions.enumerated() {
      for (name, body) in [
        ("request", interaction.request.body), ("response", interaction.response.body),
      ]
      where BodyCodec.utf8Text(body) == nil && !body.isEmpty {
        let other = CassetteDialect.all.first { $0.tool == dialect.tool && !$0.refusesBinary }
        return "interaction \(index + 1) has a binary \(name) body, which \(dialect.summary) "
          + "cannot hold; "
          + (other.map { "use --format \($0.name) (\($0.summary))" } ?? "choose another format")
      }
    }
    return nil
  }

  /// The file contents of `cassette` in `format`.
  public static func export(_ cassette: Cassette, as format: InterchangeFormat) -> [UInt8] {
    format.dialect.writer(cassette)
  }
}
