import Foundation
import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recorder's times: `recorded_at` as written, and a cassette's age.
extension CassetteRecorder {
  /// Whether `cassette`'s oldest `recorded_at` lies more than `interval` before `now`.
  static func isOlder(_ cassette: Cassette, than interval: Duration, now: Date) -> Bool {
    let dates = cassette.interactions.compactMap { HTTPDates.date(iso: $0.recordedAt) }
    guard let oldest = dates.min() else { return false }
    let seconds =
      Double(interval.components.seconds)
      + Double(interval.components.attoseconds) / 1e18
    return now.timeIntervalSince(oldest) > seconds
  }

  /// `2026-12-04T22:15:27.123Z`: RFC 3339 in UTC with milliseconds, written by hand (a
  /// formatter made per interaction cost an allocation of its own tables each time); the text
  /// up to the second is made once a second (`isoSecond`), not per interaction.
  static func iso(_ date: Date) -> String {
    // To the nearest millisecond, as ISO8601DateFormatter wrote it.
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
    var fraction = Int(milliseconds - Int64(seconds) * 1000)
    if fraction < 0 {
      seconds -= 1
      fraction += 1000
    }
    let prefix = isoSecond.withLock { last -> String in
      if last.seconds == Int64(seconds) { return last.text }
      var parts = tm()
      gmtime_r(&seconds, &parts)
      func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
      let text =
        "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
      last = (Int64(seconds), text)
      return text
    }
    let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return prefix + millis + "Z"
  }

  /// The last second `iso` wrote and its text up to the fraction (`2026-12-04T22:15:27.`).
  static let isoSecond = Locked<(seconds: Int64, text: String)>((.min, ""))
}
