/// The exception the Facebook PHP SDK throws for an error answer.
public enum PHPSDKException: String, Sendable, Hashable, CaseIterable {
  case authentication = "FacebookAuthenticationException"
  case server = "FacebookServerException"
  case throttle = "FacebookThrottleException"
  case client = "FacebookClientException"
  case authorization = "FacebookAuthorizationException"
  case other = "FacebookOtherException"

  /// Subcodes 458-467 and codes 100, 102, 190 → authentication; 1, 2 → server; 4, 17, 341 →
  /// throttle; 506 → client; 10, 200-299 → authorization; any other `OAuthException` →
  /// authentication; the rest → other.
  public init(code: Int?, subcode: Int?, type: String?) {
    if let subcode, (458...467).contains(subcode) {
      self = .authentication
      return
    }
    switch code {
    case 100?, 102?, 190?: self = .authentication
    case 1?, 2?: self = .server
    case 4?, 17?, 341?: self = .throttle
    case 506?: self = .client
    case 10?, (200...299)?: self = .authorization
    default: self = type == "OAuthException" ? .authentication : .other
    }
  }
}
