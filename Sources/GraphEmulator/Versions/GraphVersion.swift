/// A Graph API version such as `v2.2`.
public struct GraphVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Parses `v2.2`; `nil` for anything else, or for a version Graph never had (see
  /// `VersionRegistry.releases` for the versions served).
  public init?(_ text: String) {
    guard let version = GraphVersion(shape: text), VersionRegistry.release(of: version) != nil
    else { return nil }
    self = version
  }

  /// Parses anything shaped like a version (`v` digits `.` digits), served or not:
  /// `v2.13` and `v99.0` parse here, `v2`, `v2.x` and `me` do not.
  public init?(shape text: String) {
    // Read from the UTF-8 view in place: no array of its bytes per request (issue 48).
    let bytes = text.utf8
    guard bytes.count <= 12, bytes.first == UInt8(ascii: "v") else { return nil }
    var numbers = (major: 0, minor: 0)
    var digits = (major: 0, minor: 0)
    var afterDot = false
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "."), !afterDot {
        afterDot = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let value = Int(byte - UInt8(ascii: "0"))
      if afterDot {
        numbers.minor = numbers.minor * 10 + value
        digits.minor += 1
      } else {
        numbers.major = numbers.major * 10 + value
        digits.major += 1
      }
    }
    guard afterDot, (1...4).contains(digits.major), (1...4).contains(digits.minor) else {
      return nil
    }
    self.init(major: numbers.major, minor: numbers.minor)
  }

  /// Every version the emulator answers for, oldest first: v1.0, v2.0 to v2.12, v3.0 to v3.3,
  /// v4.0 to the current one.
  public static var served: [GraphVersion] { VersionRegistry.releases.map(\.version) }

  /// The newest version (`version latest` in the REPL).
  public static var latest: GraphVersion {
    VersionRegistry.releases[VersionRegistry.releases.count - 1].version
  }

  public static let v1_0 = GraphVersion(major: 1, minor: 0)
  public static let v2_0 = GraphVersion(major: 2, minor: 0)
  public static let v2_1 = GraphVersion(major: 2, minor: 1)
  public static let v2_2 = GraphVersion(major: 2, minor: 2)
  public static let v2_3 = GraphVersion(major: 2, minor: 3)
  public static let v2_4 = GraphVersion(major: 2, minor: 4)
  public static let v2_6 = GraphVersion(major: 2, minor: 6)
  public static let v2_7 = GraphVersion(major: 2, minor: 7)
  public static let v2_9 = GraphVersion(major: 2, minor: 9)
  public static let v3_0 = GraphVersion(major: 3, minor: 0)
  public static let v3_1 = GraphVersion(major: 3, minor: 1)

  public var description: String { "v\(major).\(minor)" }

  /// Whether `rule` holds at this version (the version is at or after the rule's `since`).
  public func follows(_ rule: VersionRule) -> Bool { self >= rule.since }

  public static func < (lhs: GraphVersion, rhs: GraphVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
