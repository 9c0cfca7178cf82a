import GraphAPI

/// Why the network gave no answer. Every case names the host, so the message says where.
public enum GraphLiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing listens on the host's port.
  case connectionRefused(host: String, port: Int?)
  /// No answer within the timeout.
  case timedOut(host: String, after: Duration)
  /// The host name does not resolve.
  case dnsFailure(host: String)
  /// The TLS handshake failed (not TLS, untrusted or expired certificate, ...).
  case tlsFailure(host: String, reason: String)
  /// The connection broke off or failed in another way.
  case network(host: String, reason: String)
  /// The request's URL is not an absolute http(s) URL.
  case invalidURL(String)
  /// The answer's body, decoded (gzip, deflate), passed `limit` bytes: reading stopped there.
  case answerTooLarge(host: String, limit: Int)
  /// libcurl, which the network goes through, could not be loaded: `library` is the file
  /// opened (`libcurl.so.4`), `reason` the dynamic loader's text (dlerror).
  case libraryUnavailable(host: String, library: String, reason: String)

  public var description: String {
    switch self {
    case .connectionRefused(let host, let port):
      return
        "connection refused by \(host)\(port.map { ":\($0)" } ?? "") (nothing is listening there)"
    case .timedOut(let host, let after):
      return "no answer from \(host) within \(Self.seconds(after))"
    case .dnsFailure(let host):
      return "cannot resolve host \(host) (DNS lookup failed)"
    case .tlsFailure(let host, let reason):
      return "TLS handshake with \(host) failed: \(reason)"
    case .network(let host, let reason):
      return "network error talking to \(host): \(reason)"
    case .invalidURL(let url):
      return "not an absolute http(s) URL: '\(url)'"
    case .answerTooLarge(let host, let limit):
      return
        "the answer from \(host) is larger than \(Self.size(limit)) once decoded (the limit on answers); reading stopped there"
    case .libraryUnavailable(let host, let library, let reason):
      return
        "cannot load \(library) to reach \(host): \(TerminalText.escaped(reason)) (the network target needs libcurl: apt-get install libcurl4)"
    }
  }

  /// The host the error is about (the URL text for `.invalidURL`).
  public var host: String {
    switch self {
    case .connectionRefused(let host, _), .timedOut(let host, _), .dnsFailure(let host),
      .tlsFailure(let host, _), .network(let host, _), .answerTooLarge(let host, _),
      .libraryUnavailable(let host, _, _):
      return host
    case .invalidURL(let url):
      return url
    }
  }

  /// `64 MiB`, `512 KiB`, `100 bytes`.
  static func size(_ bytes: Int) -> String { ByteCount.text(bytes) }

  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(milliseconds) ms"
  }
}
