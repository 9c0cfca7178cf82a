import Foundation
import GraphAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// Turns a URLSession error into the `GraphLiveError` that says what happened and where.
  static func liveError(_ error: any Error, parts: URLParts, timeout: Duration) -> GraphLiveError {
    let host = parts.host
    guard let urlError = error as? URLError else {
      return .network(host: host, reason: "\(error)")
    }
    switch urlError.code {
    case .cannotConnectToHost:
      return .connectionRefused(
        host: host, port: parts.port ?? (parts.scheme == "https" ? 443 : 80))
    case .timedOut:
      return .timedOut(host: host, after: timeout)
    case .cannotFindHost, .dnsLookupFailed:
      return .dnsFailure(host: host)
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      return .tlsFailure(host: host, reason: urlError.localizedDescription)
    default:
      let reason = urlError.localizedDescription
      // swift-corelibs-foundation reports curl's TLS failures as .unknown with OpenSSL's text.
      if parts.scheme == "https", Self.mentionsTLS(reason) {
        return .tlsFailure(host: host, reason: reason)
      }
      return .network(host: host, reason: reason)
    }
  }

  static func mentionsTLS(_ text: String) -> Bool {
    let lower = text.lowercased()
    return ["ssl", "tls", "certificate", "handshake"].contains { lower.contains($0) }
  }
}
