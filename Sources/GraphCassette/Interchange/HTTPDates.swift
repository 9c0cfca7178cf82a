import Foundation
import GraphAPI

/// Conversions between the date forms the formats use: ISO 8601 (native, HAR) and RFC 1123
/// (`Tue, 01 Nov 2011 04:58:44 GMT`, Ruby VCR).
enum HTTPDates {
  static func iso(from date: Date) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    f.timeZone = TimeZone(identifier: "UTC")
    return f.string(from: date)
  }

  static func date(iso text: String) -> Date? {
    guard isPlainASCII(text) else { return nil }
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let d = f.date(from: text) { return d }
    f.formatOptions = [.withInternetDateTime]
    return f.date(from: text)
  }

  static func rfc1123(from date: Date) -> String { rfcFormatter.string(from: date) }

  static func date(rfc1123 text: String) -> Date? {
    guard isPlainASCII(text) else { return nil }
    return rfcFormatter.date(from: text)
  }

  /// Both date forms are printable ASCII. Foundation's formatters on Linux trap (`Incorrect
  /// range CFRange`) on some other text, e.g. a digit followed by a combining mark, which the
  /// cassette fuzzer found: such text is not a date, and never reaches them.
  private static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  private static var rfcFormatter: DateFormatter {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "GMT")
    f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return f
  }

  /// ISO 8601 `recorded_at` → RFC 1123 (kept as is when unparseable).
  static func isoToRFC(_ text: String) -> String {
    date(iso: text).map(rfc1123(from:)) ?? text
  }

  /// RFC 1123 → ISO 8601 (kept as is when unparseable). The usual form is converted field by
  /// field (a formatter per interaction was a tenth of a large import); anything else goes
  /// through Foundation's formatter.
  static func rfcToISO(_ text: String) -> String {
    fastRFCToISO(text) ?? date(rfc1123: text).map(iso(from:)) ?? text
  }

  /// `Tue, 01 Dec 2026 10:00:00 GMT` → `2026-12-01T10:00:00.000Z`, or `nil` for any other form.
  static func fastRFCToISO(_ text: String) -> String? {
    guard let (year, month, day, hour, minute, second) = CivilTime.rfc1123(text) else { return nil }
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second)).000Z"
  }

  /// Reason phrases for the statuses Graph answers with.
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    default: return ""
    }
  }
}
