import GraphJSON

/// The file formats cassettes are imported from and exported to.
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

  /// Human name for messages: `HAR`, `Ruby VCR YAML`.
  public var displayName: String {
    switch self {
    case .native: return "graph-explorer cassette"
    case .har: return "HAR"
    case .vcr: return "Ruby VCR JSON"
    case .vcrYAML: return "Ruby VCR YAML"
    case .vcrpy: return "vcrpy JSON"
    case .vcrpyYAML: return "vcrpy YAML"
    }
  }

  /// Parses a `--format` value; `yaml` spellings with `_` are accepted too.
  public init?(parsing text: String) {
    self.init(rawValue: text.lowercased().replacingAll("_", with: "-"))
  }
}
