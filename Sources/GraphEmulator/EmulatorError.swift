import GraphJSON

/// Everything that can go wrong when setting up or driving the emulator (not Graph errors:
/// those are answers, see `GraphError`).
public enum EmulatorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A world file that is not valid JSON, with the parser's position.
  case worldSyntax(path: String?, error: JSONParseError)
  /// A world file that is JSON but not a valid world: where (a JSON path) and why.
  case worldContent(path: String?, location: String, message: String)
  /// A world file that could not be read.
  case worldUnreadable(path: String, reason: String)
  /// A generated-world specification that cannot be used.
  case invalidGeneratedWorld(String)
  /// `login` named nobody in the world.
  case unknownPerson(String)
  /// A permission name that does not exist.
  case unknownPermission(String)
  /// A session command that needs a logged-in user.
  case notLoggedIn(command: String)
  /// `revoke` of a permission the token does not hold, and the ones it holds.
  case notGranted(String, granted: [String])
  /// A throttle rate that is not `N/min`.
  case invalidThrottle(String)

  public var description: String {
    switch self {
    case .worldSyntax(let path, let error):
      return "\(path.map { "\($0): " } ?? "world: ")\(error.description)"
    case .worldContent(let path, let location, let message):
      return "\(path.map { "\($0): " } ?? "world: ")\(location): \(message)"
    case .worldUnreadable(let path, let reason):
      return "\(path): cannot read the world file: \(reason)"
    case .invalidGeneratedWorld(let reason):
      return "generated world: \(reason)"
    case .unknownPerson(let name):
      return "no person '\(name)' in the world (try one of the names `people` lists)"
    case .unknownPermission(let name):
      return "unknown permission '\(name)'"
    case .notLoggedIn(let command):
      return "\(command): nobody is logged in (use login <person>)"
    case .notGranted(let name, let granted):
      return "revoke: '\(name)' was never granted to this token (granted: "
        + (granted.isEmpty ? "none" : granted.joined(separator: ", ")) + ")"
    case .invalidThrottle(let text):
      return "throttle: expected N/min (calls per minute, N at least 1), found '\(text)'"
    }
  }
}
