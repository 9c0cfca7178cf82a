import GraphJSON
import GraphYAML

/// The file formats cassettes are imported from and exported to; `dialect` declares each.
public enum InterchangeFormat: String, Sendable, Hashable, CaseIterable {
  /// graph-explorer's own format (docs/cassette-format.md).
  case native
  /// HAR 1.2: browser devtools, Charles, Polly.JS, Insomnia.
  case har
  /// Ruby VCR's JSON serializer.
  case vcr
  /// Ruby VCR's default YAML serializer.
  case vcrYAML = "vcr-yaml"
  /// vcrpy's JSON serializer.
  case vcrpy
  /// vcrpy's default YAML serializer.
  case vcrpyYAML = "vcrpy-yaml"
  /// ExVCR's JSON cassettes (Elixir).
  case exvcr
  /// WireMock stub mappings (`{"mappings": [...]}` or one mapping).
  case wiremock

  /// Every format's name, for usage messages.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// The formats that keep every request and answer whole when read back (hosts, repeated
  /// headers, bytes that are not text).
  public static var faithful: [InterchangeFormat] {
    allCases.filter {
      $0.dialect.carries.isSuperset(of: [.hosts, .repeatedHeaders, .binaryBodies])
    }
  }

  /// Human name for messages: `HAR`, `Ruby VCR YAML`.
  public var displayName: String { dialect.displayName }

  /// Parses a `--format` value; `yaml` spellings with `_` are accepted too.
  public init?(parsing text: String) {
    self.init(rawValue: text.lowercased().replacingAll("_", with: "-"))
  }

  /// The format declared whole: the registry every list, detection, reading and writing use.
  public var dialect: CassetteDialect {
    switch self {
    case .native:
      return CassetteDialect(
        format: self, displayName: "graph-explorer cassette", tool: "graph-explorer",
        summary: "graph-explorer's own cassette (docs/cassette-format.md)", alsoWrittenBy: [],
        sign: NativeCodec.formatKey, carries: Set(CassetteDialect.Kept.allCases),
        detection: .json(key: NativeCodec.formatKey) { $0[NativeCodec.formatKey] != nil },
        reader: .document(
          { document, reader, _ throws(CassetteError) in
            try NativeCodec.decode(document, path: reader.path)
          },
          bytes: { bytes, path throws(CassetteError) in try Cassette(bytes: bytes, path: path) }),
        writer: { $0.encoded() })
    case .har:
      return CassetteDialect(
        format: self, displayName: "HAR", tool: "HAR",
        summary: "HAR 1.2: browser devtools, Charles, Insomnia", alsoWrittenBy: ["Polly.JS"],
        sign: "log.entries", carries: Set(CassetteDialect.Kept.allCases),
        detection: .json(key: "log") { $0["log"]?["entries"] != nil },
        reader: .document { document, reader, notes throws(CassetteError) in
          try HARCodec.decode(
            document, reader: reader, notes: &notes.lines, unanswered: &notes.unanswered)
        },
        writer: { Self.json(HARCodec.encode($0)) })
    case .vcr:
      return CassetteDialect(
        format: self, displayName: "Ruby VCR JSON", tool: "Ruby VCR",
        summary: "Ruby VCR's JSON serializer", alsoWrittenBy: ["Betamax"],
        sign: "http_interactions", carries: [.hosts, .repeatedHeaders, .times, .binaryBodies],
        detection: .json(key: "http_interactions") { $0["http_interactions"] != nil },
        reader: Self.vcrJSON(.ruby), writer: { Self.json(VCRCodec.encode($0, dialect: .ruby)) })
    case .vcrYAML:
      return CassetteDialect(
        format: self, displayName: "Ruby VCR YAML", tool: "Ruby VCR",
        summary: "Ruby VCR's default YAML serializer, VCR 1.x's too", alsoWrittenBy: [],
        sign: "http_interactions: or VCR 1.x's - !ruby/struct:VCR::HTTPInteraction",
        carries: [.hosts, .repeatedHeaders, .times, .binaryBodies],
        detection: .text { bytes in
          Interchange.hasLine(startingWith: "http_interactions:", in: bytes)
            || VCRCodec.isVCR1(bytes)
        },
        reader: .yaml(.ruby),
        writer: {
          Array(YAMLWriter.text(VCRCodec.encode($0, dialect: .ruby), documentMarker: true).utf8)
        })
    case .vcrpy:
      return CassetteDialect(
        format: self, displayName: "vcrpy JSON", tool: "vcrpy",
        summary: "vcrpy's JSON serializer", alsoWrittenBy: [],
        sign: "interactions", carries: [.hosts, .repeatedHeaders, .binaryBodies],
        refusesBinary: true,
        detection: .json(key: "interactions") { $0["interactions"] != nil },
        reader: Self.vcrJSON(.python),
        writer: { Self.json(VCRCodec.encode($0, dialect: .python)) })
    case .vcrpyYAML:
      return CassetteDialect(
        format: self, displayName: "vcrpy YAML", tool: "vcrpy",
        summary: "vcrpy's default YAML serializer", alsoWrittenBy: [],
        sign: "interactions:", carries: [.hosts, .repeatedHeaders, .binaryBodies],
        detection: .text { Interchange.hasLine(startingWith: "interactions:", in: $0) },
        reader: .yaml(.python),
        writer: {
          let value = VCRCodec.encode($0, dialect: .python, yaml: true)
          return Array(YAMLWriter.text(value, documentMarker: false).utf8)
        })
    case .exvcr:
      return CassetteDialect(
        format: self, displayName: "ExVCR JSON", tool: "ExVCR",
        summary: "ExVCR's JSON cassettes (Elixir)", alsoWrittenBy: [],
        sign: "a list of request/response", carries: [.hosts, .repeatedHeaders],
        detection: .json(key: nil, matches: RecorderCodecs.isExVCR),
        reader: .tree { value, reader, _ throws(CassetteError) in
          try RecorderCodecs.decodeExVCR(value, reader: reader)
        },
        writer: { Self.json(RecorderCodecs.encodeExVCR($0)) })
    case .wiremock:
      return CassetteDialect(
        format: self, displayName: "WireMock mappings", tool: "WireMock",
        summary: "WireMock stub mappings", alsoWrittenBy: [],
        sign: "mappings or one request/response mapping", carries: [],
        detection: .json(key: nil, matches: RecorderCodecs.isWireMock),
        reader: .tree { value, reader, notes throws(CassetteError) in
          try RecorderCodecs.decodeWireMock(value, reader: reader, notes: &notes.lines)
        },
        writer: { Self.json(RecorderCodecs.encodeWireMock($0)) })
    }
  }

  /// The reader of Ruby VCR's or vcrpy's JSON: from the document, an interaction at a time.
  private static func vcrJSON(_ dialect: VCRCodec.Dialect) -> CassetteDialect.Reader {
    .document { document, reader, _ throws(CassetteError) in
      try VCRCodec.decode(document, dialect: dialect, reader: reader)
    }
  }

  /// `value` as the JSON formats write it: pretty, ending in a newline.
  private static func json(_ value: JSONValue) -> [UInt8] {
    JSONPrinter(options: [.pretty]).bytes(value) + [0x0A]
  }
}
