import Foundation
import GraphAPI

/// The log `set verbose on` writes before each answer, in the shape of the iOS SDK's
/// FBLoggingBehaviorFBRequests log, with the token replaced as the SDK's logger replaces it.
enum RequestLog {
  /// The log entry for one exchange; `token` says which token was sent when the line gave one
  /// instead of the session's (`token CAAEmuBob (access_token=)`), which the URL cannot show.
  /// `scrubber` takes out the session's own secrets wherever they stand (the app secret in a
  /// body parameter that is not named as secret, issue 31); give it `placeholder` as its
  /// placeholder.
  static func entry(
    for exchange: Exchange, token: String? = nil, scrubber: SecretScrubber? = nil
  ) -> String {
    let request = exchange.request
    var out = "FBSDKLog: Request <#\(exchange.number)>:\n"
    out += "  URL:\t\(masked(request.url))\n"
    out += "  Method:\t\(request.method)\n"
    if let token { out += "  Token:\t\(token)\n" }
    if let agent = request.headers["User-Agent"] { out += "  UserAgent:\t\(agent)\n" }
    if let type = request.headers["Content-Type"] { out += "  MIME:\t\(type)\n" }
    if !request.body.isEmpty {
      let isText = request.headers["Content-Type"]?.hasPrefix("multipart/") != true
      let body =
        isText
        ? masked(String(decoding: request.body, as: UTF8.self))
        : "(multipart, \(request.body.count) bytes)"
      out += "  Body:\t\(body)\n"
    }
    return scrubber.map { $0.scrub(out) } ?? out
  }

  /// What stands for a removed token in the SDK's log.
  static let placeholder = "ACCESS_TOKEN_REMOVED"

  private static func masked(_ text: String) -> String {
    Redaction.redactParameters(text).replacingOccurrences(
      of: Redaction.placeholder, with: placeholder)
  }
}
