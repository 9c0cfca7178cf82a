import CCurl
import GraphAPI

extension CurlTransport {
  /// Turns a libcurl failure into the `GraphLiveError` that says what happened and where;
  /// `detail` is libcurl's own text for it (its error buffer).
  static func liveError(_ code: CURLcode, detail: String, parts: URLParts, timeout: Duration)
    -> GraphLiveError
  {
    let host = parts.host
    switch code {
    case CURLE_COULDNT_CONNECT:
      return .connectionRefused(
        host: host, port: parts.port ?? (parts.scheme == "https" ? 443 : 80))
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(host: host, after: timeout)
    case CURLE_COULDNT_RESOLVE_HOST:
      return .dnsFailure(host: host)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_CRL_BADFILE:
      return .tlsFailure(host: host, reason: detail)
    default:
      if parts.scheme == "https", mentionsTLS(detail) {
        return .tlsFailure(host: host, reason: detail)
      }
      return .network(host: host, reason: detail)
    }
  }

  static func mentionsTLS(_ text: String) -> Bool {
    let lower = text.lowercased()
    return ["ssl", "tls", "certificate", "handshake"].contains { lower.contains($0) }
  }
}
