/// Date formatting for the emulator's fixed clock, without Foundation: Graph's
/// `2014-10-15T12:00:00+0000` and the Pacific-time form used in token-expiry messages
/// (`Thursday, 09-Apr-15 15:00:00 PDT`).
enum GraphClock {
  /// Civil date of a Unix time: (year, month 1-12, day 1-31, hour, minute, second, weekday 0=Sun).
  static func civil(_ time: Int) -> (Int, Int, Int, Int, Int, Int, Int) {
    let days = floorDiv(time, 86_400)
    let secs = time - days * 86_400
    // Howard Hinnant's days-to-civil.
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
  static func unix(year: Int, month: Int, day: Int, hour: Int = 0) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return (era * 146_097 + doe - 719_468) * 86_400 + hour * 3600
  }

  /// `2014-10-15T12:00:00+0000`.
  static func iso(_ time: Int) -> String {
    let (y, mo, d, h, mi, s, _) = civil(time)
    return "\(y)-\(two(mo))-\(two(d))T\(two(h)):\(two(mi)):\(two(s))+0000"
  }

  /// `Thursday, 09-Apr-15 15:00:00 PDT` (US Pacific time with US daylight-saving rules).
  static func pacific(_ time: Int) -> String {
    let daylight = isPacificDaylight(time)
    let local = time - (daylight ? 7 : 8) * 3600
    let (y, mo, d, h, mi, s, wd) = civil(local)
    return "\(weekdays[wd]), \(two(d))-\(months[mo - 1])-\(two(y % 100)) "
      + "\(two(h)):\(two(mi)):\(two(s)) \(daylight ? "PDT" : "PST")"
  }

  /// Daylight time runs from 2 a.m. on the second Sunday of March to 2 a.m. on the first
  /// Sunday of November (rules since 2007).
  static func isPacificDaylight(_ time: Int) -> Bool {
    let (year, _, _, _, _, _, _) = civil(time - 8 * 3600)
    let start = nthSunday(year: year, month: 3, n: 2) + 2 * 3600 + 8 * 3600
    let end = nthSunday(year: year, month: 11, n: 1) + 2 * 3600 + 7 * 3600
    return time >= start && time < end
  }

  private static func nthSunday(year: Int, month: Int, n: Int) -> Int {
    let first = unix(year: year, month: month, day: 1)
    let weekday = civil(first).6
    let offset = (7 - weekday) % 7
    return first + (offset + 7 * (n - 1)) * 86_400
  }

  private static func floorDiv(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
