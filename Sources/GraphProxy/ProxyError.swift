import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that goes wrong in GraphProxy: the local certificate authority, TLS, or the
/// proxy's socket.
public enum ProxyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An OpenSSL call failed; `detail` is OpenSSL's own error text.
  case openSSL(call: String, detail: String)
  /// A file of the certificate authority at `path` cannot be used, and why.
  case authorityFile(path: String, reason: String)
  /// The socket call `call` failed for `address` with the system error `errno`.
  case socketFailed(call: String, address: String, errno: Int32)
  /// The proxy (or its server) could not listen.
  case listen(GraphServerError)
  /// `start()` was called on a proxy that was already started.
  case alreadyStarted

  public var description: String {
    switch self {
    case .openSSL(let call, let detail):
      return "OpenSSL \(call) failed: \(detail)"
    case .authorityFile(let path, let reason):
      return "the certificate authority file \(path) cannot be used: \(reason)"
    case .socketFailed(let call, let address, let errno):
      return "\(call) failed for \(address): \(String(cString: strerror(errno)))"
    case .listen(let error):
      return error.description
    case .alreadyStarted:
      return "the proxy was already started"
    }
  }
}
