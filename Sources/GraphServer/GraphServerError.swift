import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that goes wrong in GraphServer: a client's request the server refuses, or the
/// server failing to start.
public enum GraphServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A client sent something that is not an acceptable HTTP/1.1 request; it is answered with
  /// `status` (400, 408, 413, 414, 417, 431, 501 or 505) and the connection is closed.
  case badRequest(status: Int, reason: String)
  /// `host` did not resolve to an address the server can listen on.
  case unresolvableHost(String, reason: String)
  /// The socket call `call` failed for `address` with the system error `errno`.
  case socketFailed(call: String, address: String, errno: Int32)
  /// The configuration is unusable: which setting and why.
  case invalidConfiguration(String)
  /// `start()` was called on a server that was already started.
  case alreadyStarted

  /// The HTTP status a client is answered with, for `badRequest`.
  public var status: Int? {
    if case .badRequest(let status, _) = self { return status }
    return nil
  }

  public var description: String {
    switch self {
    case .badRequest(let status, let reason):
      return "\(status) \(HTTPStatus.reason(status)): \(reason)"
    case .unresolvableHost(let host, let reason):
      return "cannot listen on host '\(host)': \(reason)"
    case .socketFailed(let call, let address, let errno):
      return "cannot listen on \(address): \(call) failed: \(String(cString: strerror(errno)))"
    case .invalidConfiguration(let message):
      return "invalid server configuration: \(message)"
    case .alreadyStarted:
      return "the server was already started"
    }
  }
}
