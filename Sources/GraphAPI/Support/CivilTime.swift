/// Unix times and civil UTC dates (proleptic Gregorian, Howard Hinnant's algorithms), and the
/// fixed-width digits dates are written with: what the emulator's clock, the cassette's HTTP
/// dates, `doctor` and the benchmarks share, without Foundation.
package enum CivilTime {
  /// Civil date of a Unix time: (year, month 1-12, day 1-31, hour, minute, second, weekday
  /// 0=Sun).
  package static func civil(_ time: Int) -> (Int, Int, Int, Int, Int, Int, Int) {
    let days = floorDiv(time, 86_400)
    let secs = time - days * 86_400
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4).
    return (year, month, day, secs / 3600, secs % 3600 / 60, secs % 60, weekday)
  }

  /// Unix time of a civil UTC date.
  package static func unix(year: Int, month: Int, day: Int, hour: Int = 0) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return (era * 146_097 + doe - 719_468) * 86_400 + hour * 3600
  }

  /// The months as HTTP dates, Graph's messages and `Date` headers abbreviate them.
  package static let monthAbbreviations = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The fields of an RFC 1123 date (`Tue, 01 Dec 2026 10:00:00 GMT`, 29 bytes: what `Date`
  /// headers and Ruby VCR's `recorded_at` hold): (year, month 1-12, day, hour, minute, second),
  /// or `nil` for any other form or a day the month does not have.
  package static func rfc1123(_ text: String) -> (Int, Int, Int, Int, Int, Int)? {
    let b = Array(text.utf8)
    guard b.count == 29, b[3] == 0x2C, b[4] == 0x20, b[7] == 0x20, b[11] == 0x20, b[16] == 0x20,
      b[19] == 0x3A, b[22] == 0x3A, b[25] == 0x20, b[26...] == [0x47, 0x4D, 0x54],
      b[0..<3].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) })
    else { return nil }
    let monthName = String(decoding: b[8..<11], as: UTF8.self)
    guard let day = number(b, 5..<7), let year = number(b, 12..<16), let hour = number(b, 17..<19),
      let minute = number(b, 20..<22), let second = number(b, 23..<25),
      let monthIndex = monthAbbreviations.firstIndex(of: monthName), hour < 24, minute < 60,
      second < 60
    else { return nil }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day >= 1, day <= lengths[monthIndex] else { return nil }
    return (year, monthIndex + 1, day, hour, minute, second)
  }

  /// The decimal number written by `bytes[range]` (ASCII digits only), or `nil`.
  package static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    var n = 0
    for i in range {
      guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
      n = n * 10 + Int(bytes[i] - 0x30)
    }
    return n
  }

  /// Division rounding towards negative infinity.
  private static func floorDiv(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
