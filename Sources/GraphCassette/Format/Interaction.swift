import GraphAPI
import GraphJSON

/// One recorded exchange: the request as sent, the answer as received, when it happened and
/// how long it took, and optional assertions the answer must meet.
public struct Interaction: Sendable, Hashable {
  /// The request (secrets already replaced by placeholders once it has been on disk).
  public var request: HTTPRequest
  /// The answer; its `duration` is the recorded round-trip time.
  public var response: HTTPResponse
  /// When the request was sent, ISO 8601 in UTC (`2026-11-30T07:40:00.123Z`).
  public var recordedAt: String
  /// Assertions checked on replay and on verify, e.g. "this call fails with code 200".
  public var expect: Expectation?

  public init(
    request: HTTPRequest, response: HTTPResponse, recordedAt: String,
    expect: Expectation? = nil
  ) {
    self.request = request
    self.response = response
    self.recordedAt = recordedAt
    self.expect = expect
  }

  /// The recorded round-trip time.
  public var duration: Duration { response.duration }

  /// `GET /v2.0/me?fields=id`: the method and the URL without scheme and host, for messages.
  public var summary: String { RequestSummary.text(request) }
}

/// Short descriptions of requests for messages.
enum RequestSummary {
  /// `GET /v2.0/me?fields=id` (long URLs shortened to 120 characters).
  static func text(_ request: HTTPRequest) -> String {
    let target: String
    if let parts = URLParts(request.url) {
      target = parts.path + (parts.query.map { "?\($0)" } ?? "")
    } else {
      target = request.url
    }
    return "\(request.method.uppercased()) \(shown(target))"
  }

  /// `text` at most 120 characters long, control characters escaped (as every message escapes
  /// them: `TerminalText`), for a message.
  static func shown(_ text: String) -> String {
    TerminalText.escaped(text.count > 120 ? String(text.prefix(117)) + "..." : text)
  }
}
