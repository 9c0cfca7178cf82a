/// How the Android SDK 3.x (`FacebookRequestError.Category`) classifies an error answer.
public enum AndroidErrorCategory: String, Sendable, Hashable, CaseIterable {
  case authenticationRetry = "AUTHENTICATION_RETRY"
  case authenticationReopenSession = "AUTHENTICATION_REOPEN_SESSION"
  case permission = "PERMISSION"
  case server = "SERVER"
  case throttling = "THROTTLING"
  case other = "OTHER"
  case badRequest = "BAD_REQUEST"

  /// As iOS, except 459/464 are AUTHENTICATION_RETRY and unclassified codes go by HTTP status:
  /// 4xx BAD_REQUEST, 5xx SERVER, else OTHER.
  public init(code: Int?, subcode: Int?, httpStatus: Int) {
    switch code {
    case 1?, 2?: self = .server
    case 4?, 17?: self = .throttling
    case 10?, (200...299)?: self = .permission
    case 102?, 190?:
      self = subcode == 459 || subcode == 464 ? .authenticationRetry : .authenticationReopenSession
    default:
      switch httpStatus {
      case 400...499: self = .badRequest
      case 500...599: self = .server
      default: self = .other
      }
    }
  }
}
