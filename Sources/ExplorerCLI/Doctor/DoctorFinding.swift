/// One thing `doctor` found in a recorded session: how serious it is, a stable kind for CI,
/// a one-line title, the detail lines, and the interactions (numbered from 1, as `show` and
/// `explain` number them) it is about.
public struct DoctorFinding: Sendable, Hashable {
  /// How serious a finding is; `--fail-on LEVEL` fails on it and anything above.
  public enum Level: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Worth knowing (an unversioned call, calls a batch would save).
    case info = 0
    /// Likely to hurt (throttling, a usage header near its limit, a retryable error).
    case warning = 1
    /// Something went wrong (a failed call, a dead token used again, a paging loop, a secret).
    case error = 2

    /// `info`, `warning`, `error`: the words `--fail-on` takes and `--json` writes.
    public var name: String { "\(self)" }

    /// Parses `info`, `warning` (or `warn`), `error`.
    public init?(name: String) {
      switch name.lowercased() {
      case "info", "note": self = .info
      case "warning", "warn": self = .warning
      case "error": self = .error
      default: return nil
      }
    }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public var level: Level
  /// A stable identifier (`token-expired`, `paging-loop`), documented in docs/doctor.md.
  public var kind: String
  public var title: String
  public var detail: [String]
  /// The interactions it is about, at most `DoctorFinding.shownInteractions` of them.
  public var interactions: [Int]
  /// How many interactions it is about in all (may exceed `interactions.count`).
  public var count: Int

  /// At most this many interaction numbers are kept per finding.
  public static let shownInteractions = 50

  public init(
    level: Level, kind: String, title: String, detail: [String] = [], interactions: [Int] = [],
    count: Int? = nil
  ) {
    self.level = level
    self.kind = kind
    self.title = title
    self.detail = detail
    self.interactions = Array(interactions.prefix(Self.shownInteractions))
    self.count = count ?? interactions.count
  }
}
