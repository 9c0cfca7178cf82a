import GraphJSON

/// The file formats cassettes are imported from and exported to.
public enum InterchangeFormat: String, Sendable, Hashable, CaseIterable {
  /// The formats that round-trip every interaction exactly (the others, `recorders`, lose
  /// repeated headers or hosts).
  public static let allCases: [InterchangeFormat] = [
    .native, .har, .vcr, .vcrYAML, .vcrpy, .vcrpyYAML,
  ]
  /// Other recorders' formats, read and written as far as they go.
  public static let recorders: [InterchangeFormat] = [.exvcr, .wiremock]
  /// Every format's name, for usage messages.
  public static var names: String { (allCases + recorders).map(\.rawValue).joined(separator: ", ") }

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

  /// Human name for messages: `HAR`, `Ruby VCR YAML`.
  public var displayName: String {
    switch self {
    case .native: return "graph-explorer cassette"
    case .har: return "HAR"
    case .vcr: return "Ruby VCR JSON"
    case .vcrYAML: return "Ruby VCR YAML"
    case .vcrpy: return "vcrpy JSON"
    case .vcrpyYAML: return "vcrpy YAML"
    case .exvcr: return "ExVCR JSON"
    case .wiremock: return "WireMock mappings"
    }
  }

  /// Parses a `--format` value; `yaml` spellings with `_` are accepted too.
  public init?(parsing text: String) {
    self.init(rawValue: text.lowercased().replacingAll("_", with: "-"))
  }
}
