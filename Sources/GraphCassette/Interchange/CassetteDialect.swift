import GraphJSON

/// One cassette format as a value (vcrpy's serializer registry is the model): its name, how a
/// file is recognised as it, how it is read and written, and what it can carry. Every list of
/// formats (`--format`, `--from`, help, detection's messages, docs/cassette-format.md) is read
/// from `CassetteDialect.all`, and `InterchangeFormat.dialect` gives each case its value in one
/// exhaustive switch, so a new format is refused by the compiler until it is declared whole.
public struct CassetteDialect: Sendable {
  /// What a format may keep of an interaction besides its method, URL path, text bodies and
  /// status (which every format keeps). A test exports and imports a cassette holding each and
  /// checks that exactly the ones a format's `carries` names come back.
  public enum Kept: String, Sendable, CaseIterable {
    /// The URL's scheme and host (WireMock's URLs have none).
    case hosts
    /// A header given twice keeps both values.
    case repeatedHeaders
    /// When each request was sent.
    case times
    /// How long each answer took.
    case durations
    /// Bodies that are not UTF-8 text, byte for byte, when the file is read back.
    case binaryBodies
    /// The assertions (`expect`) replay and verify check.
    case expectations

    /// The words docs and help use for it: `repeated headers`.
    public var words: String {
      rawValue.map { $0.isUppercase ? " " + $0.lowercased() : String($0) }.joined()
    }

    /// The words for `kept`, in declaration order.
    public static func words(_ kept: Set<Kept>) -> [String] {
      allCases.filter(kept.contains).map(\.words)
    }
  }

  /// How a file is recognised as this format, in `all`'s order (the first that matches wins).
  enum Detection: Sendable {
    /// A JSON document whose root matches; `key`, when given, is the member whose name near
    /// the start of broken JSON says the file is meant to be this format.
    case json(key: String?, matches: @Sendable (JSONDocument.Value) -> Bool)
    /// Text (YAML) in which `matches` finds the format's mark.
    case text(matches: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool)
  }

  /// What an entry-at-a-time decoder from a parsed document notes while it reads: lines on
  /// what it left out, and the HAR entries with no answer (numbered from 1).
  struct Notes {
    var lines: [String] = []
    var unanswered: [(entry: Int, interaction: Interaction)] = []
  }

  /// How a file of this format is read.
  enum Reader: Sendable {
    /// From a parsed JSON document, an entry at a time; `bytes`, when given, reads the file's
    /// bytes when no document was parsed for detection (a native cassette's torn tail).
    case document(
      @Sendable (JSONDocument, FieldReader, inout Notes) throws(CassetteError) -> Cassette,
      bytes: (@Sendable ([UInt8], String) throws(CassetteError) -> Cassette)? = nil)
    /// From the whole JSON tree.
    case tree(@Sendable (JSONValue, FieldReader, inout Notes) throws(CassetteError) -> Cassette)
    /// As YAML, streamed (from a mapped file's pages when there is one).
    case yaml(VCRCodec.Dialect)
  }

  /// The name `--format` and `--from` take (`vcrpy-yaml`).
  public var name: String { format.rawValue }
  public let format: InterchangeFormat
  /// The name messages give it: `Ruby VCR YAML`.
  public let displayName: String
  /// The tool that writes it: `Ruby VCR` (the summaries' list names each tool once).
  public let tool: String
  /// One line for help and docs: `Ruby VCR's default YAML serializer`.
  public let summary: String
  /// Other tools whose files read as this format (`Betamax` as `vcr`).
  public let alsoWrittenBy: [String]
  /// What detection looks for, for its message when nothing matched (`log.entries`).
  public let sign: String
  /// What it keeps besides the method, path, text bodies and status.
  public let carries: Set<Kept>
  /// Whether its own tool refuses bodies that are not text (vcrpy's JSON serializer), so that
  /// `export` refuses a cassette with one rather than write a file the tool cannot read.
  public var refusesBinary = false
  let detection: Detection
  let reader: Reader
  let writer: @Sendable (Cassette) -> [UInt8]

  /// Every format, in `InterchangeFormat`'s order: detection tries them in this order.
  public static let all: [CassetteDialect] = InterchangeFormat.allCases.map(\.dialect)

  /// Whether detection knows it by its JSON document (not its text).
  var isJSON: Bool {
    switch detection {
    case .json: true
    case .text: false
    }
  }

  /// Whether the reader decodes it from a parsed document (kept from detection).
  var readsDocument: Bool {
    switch reader {
    case .document: true
    case .tree, .yaml: false
    }
  }
}
