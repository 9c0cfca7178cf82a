/// A Graph API version such as `v2.2`.
public struct GraphVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Parses `v2.2`; `nil` for anything else, or a version the emulator does not serve
  /// (it serves v1.0 and v2.0 to v2.12).
  public init?(_ text: String) {
    guard text.hasPrefix("v"), let dot = text.firstIndex(of: ".") else { return nil }
    guard let major = Int(text[text.index(after: text.startIndex)..<dot]),
      let minor = Int(text[text.index(after: dot)...])
    else { return nil }
    let version = GraphVersion(major: major, minor: minor)
    guard GraphVersion.served.contains(version) else { return nil }
    self = version
  }

  /// Every version the emulator answers for.
  public static let served: [GraphVersion] =
    [GraphVersion(major: 1, minor: 0)] + (0...12).map { GraphVersion(major: 2, minor: $0) }

  public static let v1_0 = GraphVersion(major: 1, minor: 0)
  public static let v2_0 = GraphVersion(major: 2, minor: 0)
  public static let v2_1 = GraphVersion(major: 2, minor: 1)
  public static let v2_2 = GraphVersion(major: 2, minor: 2)
  public static let v2_4 = GraphVersion(major: 2, minor: 4)

  public var description: String { "v\(major).\(minor)" }

  public static func < (lhs: GraphVersion, rhs: GraphVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
