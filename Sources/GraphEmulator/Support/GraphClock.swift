import GraphAPI

/// Date formatting for the emulator's fixed clock, without Foundation: Graph's
/// `2014-10-15T12:00:00+0000` and the Pacific-time form used in token-expiry messages
/// (`Thursday, 09-Apr-15 15:00:00 PDT`).
enum GraphClock {
  /// Civil date of a Unix time: (year, month 1-12, day 1-31, hour, minute, second, weekday 0=Sun).
  static func civil(_ time: Int) -> (Int, Int, Int, Int, Int, Int, Int) { CivilTime.civil(time) }

  /// Unix time of a civil UTC date.
  static func unix(year: Int, month: Int, day: Int, hour: Int = 0) -> Int {
    CivilTime.unix(year: year, month: month, day: day, hour: hour)
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

  private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = CivilTime.monthAbbreviations
}
