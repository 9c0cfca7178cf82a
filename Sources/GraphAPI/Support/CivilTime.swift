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
