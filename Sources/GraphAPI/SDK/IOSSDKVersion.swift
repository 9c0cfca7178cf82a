/// A release of the Facebook iOS SDK 3.x, for behaviour that changed between releases.
public struct IOSSDKVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// 3.1.0: no FBErrorUtility yet (no categories); closes the session on 190 and 102.
  public static let v3_1 = IOSSDKVersion(3, 1)
  /// 3.5.0: the seeds' era; ignores `error_user_msg`.
  public static let v3_5 = IOSSDKVersion(3, 5)
  /// 3.24.0: the last 3.x; an `error_user_msg` becomes the user message.
  public static let v3_24 = IOSSDKVersion(3, 24)

  /// Parses `3.5`, `3.24.0` or `v3.24`.
  public init?(_ text: String) {
    var digits = Substring(text)
    if digits.first == "v" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
    guard numbers.count == parts.count, (2...3).contains(numbers.count),
      numbers.allSatisfy({ $0 >= 0 })
    else { return nil }
    self.init(numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
  }

  public var description: String { "\(major).\(minor).\(patch)" }

  /// Whether `error_user_msg` overrides the user message and forces notify: from 3.17.0
  /// (FBErrorUtility.m `apiUserMessageForError:`, absent in 3.16.2).
  public var honoursErrorUserMessage: Bool { self >= IOSSDKVersion(3, 17) }

  /// Whether the release has FBErrorUtility (`fberrorCategory` and its user messages): 3.2.0
  /// on. 3.0 and 3.1 give the app the bare `NSError`.
  public var hasErrorUtility: Bool { self >= IOSSDKVersion(3, 2) }

  public static func < (lhs: IOSSDKVersion, rhs: IOSSDKVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}
