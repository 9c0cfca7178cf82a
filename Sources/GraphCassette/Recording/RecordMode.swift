import GraphJSON

/// When a recorder replays and when it records, as Ruby VCR's record modes.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
  /// Record when the cassette does not exist yet; when it does, replay only (an unmatched
  /// request is an error). Never overwrites an existing cassette.
  case once
  /// Replay what the cassette has, record what it lacks (appended).
  case newEpisodes = "new_episodes"
  /// Replay only; never writes. The cassette must exist.
  case none
  /// Record everything, replay nothing: the cassette is replaced by this session's exchanges,
  /// starting with the first one recorded.
  case all

  /// Parses `once`, `new_episodes` (or `new-episodes`), `none`, `all`.
  public init?(parsing text: String) {
    self.init(rawValue: text.replacingAll("-", with: "_").lowercased())
  }
}
