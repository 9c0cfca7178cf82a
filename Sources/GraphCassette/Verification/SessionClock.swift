import GraphJSON

/// Times in answers compared relative to the recording's own clock (issue 42): the first time
/// that differs between a recorded answer and the target's fixes how far the target's clock is
/// from the recording's, and every later time is compared after that offset. A recording made
/// mid-session, or against another clock, then agrees where each time stands in its session,
/// and a time that moved otherwise (a token that expires later than it did) is still drift.
/// **[choice]**: the offset is exact, to the second; what no recording tells is how far apart
/// two clocks may tick.
struct SessionClock {
  /// The target's clock minus the recording's, in seconds, once a time has been compared.
  private(set) var offset: Int?

  /// Keys whose values are times: epoch seconds (`expires_at`, `issued_at`,
  /// `data_access_expires_at`) or ISO 8601 text (`created_time`, `updated_time`, ...).
  static func isTimeKey(_ key: String) -> Bool {
    key == "expires_at" || key == "issued_at" || key.hasSuffix("_expires_at")
      || key.hasSuffix("_time")
  }

  /// Whether `difference` is a time that agrees after the session's offset (fixing the offset
  /// when it is the first).
  mutating func agrees(_ difference: JSONDifference) -> Bool {
    guard case .changed(let from, let to) = difference.change,
      case .key(let key)? = difference.path.components.last, Self.isTimeKey(key),
      let recorded = Self.seconds(from), let actual = Self.seconds(to)
    else { return false }
    let delta = actual - recorded
    guard let offset else {
      offset = delta
      return true
    }
    return delta == offset
  }

  /// A time value in epoch seconds: a number, or `2014-05-01T12:00:00+0000` text.
  static func seconds(_ value: JSONValue) -> Int? {
    if let number = value.numberValue?.intValue, number > 100_000_000 { return number }
    guard let text = value.stringValue, text.utf8.count >= 19 else { return nil }
    let digits = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      var n = 0
      for i in range {
        guard digits[i] >= 0x30, digits[i] <= 0x39 else { return nil }
        n = n * 10 + Int(digits[i] - 0x30)
      }
      return n
    }
    guard digits[4] == 0x2D, digits[7] == 0x2D, digits[10] == 0x54, let y = number(0..<4),
      let m = number(5..<7), let d = number(8..<10), let hh = number(11..<13),
      let mm = number(14..<16), let ss = number(17..<19), (1...12).contains(m)
    else { return nil }
    return Self.days(year: y, month: m, day: d) * 86_400 + hh * 3_600 + mm * 60 + ss
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}
