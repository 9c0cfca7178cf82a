import GraphAPI
import GraphJSON

/// Throttling in a session: the throttling error codes (4, 17, 32, 613) and the usage headers
/// Graph sends (`x-app-usage`, `x-business-use-case-usage`, `x-ad-account-usage`) over time,
/// with where each first crossed 100%.
struct DoctorThrottling {
  /// The usage headers, in the order reported.
  static let headers = ["x-app-usage", "x-business-use-case-usage", "x-ad-account-usage"]
  /// The error codes Graph throttles with: app (4), user (17), page (32), a custom rate (613).
  static let codes: [Int: String] = [
    4: "application request limit reached", 17: "user request limit reached",
    32: "page request limit reached", 613: "calls to this API exceeded the rate limit",
  ]

  /// One usage reading: the highest percentage a header gave.
  struct Reading {
    var interaction: Int
    var percent: Double
  }

  /// What is known of one usage header.
  struct Usage {
    var header: String
    var readings = 0
    var peak: Reading?
    var crossed100: Int?
    var crossed75: Int?
    var series = DoctorSeries<Reading> { $0.percent >= $1.percent ? $0 : $1 }
  }

  private(set) var usage: [String: Usage] = [:]
  /// Throttling errors by code: count and the interactions.
  private(set) var errors: [Int: (count: Int, interactions: [Int])] = [:]

  mutating func add(_ call: DoctorCall) {
    for answer in call.answers {
      if let error = answer.error, let code = error.code,
        Self.codes[code] != nil
      {
        var entry = errors[code] ?? (0, [])
        entry.count += 1
        if entry.interactions.last != call.number,
          entry.interactions.count < DoctorFinding.shownInteractions
        {
          entry.interactions.append(call.number)
        }
        errors[code] = entry
      }
    }
    let headers = call.answers.first?.response.headers ?? [:]
    for name in Self.headers {
      guard let value = headers[name], let percent = Self.percent(value) else { continue }
      var entry = usage[name] ?? Usage(header: name)
      let reading = Reading(interaction: call.number, percent: percent)
      entry.readings += 1
      if entry.peak.map({ percent > $0.percent }) ?? true { entry.peak = reading }
      if percent >= 100, entry.crossed100 == nil { entry.crossed100 = call.number }
      if percent >= 75, entry.crossed75 == nil { entry.crossed75 = call.number }
      entry.series.append(reading)
      usage[name] = entry
    }
  }

  /// The largest percentage read as one (**[choice]**: Graph sends 0 to a few hundred); a value
  /// past it, negative, or not finite (`1e400`, `"inf"`) is no reading.
  static let percentRange: ClosedRange<Double> = 0...1_000_000

  /// The highest percentage in a usage header's JSON: `call_count`, `total_cputime`,
  /// `total_time` (and `acc_id_util_pct` for ad accounts), at any depth (the business use case
  /// header is an object of arrays); numbers outside `percentRange` are left out.
  static func percent(_ text: String) -> Double? {
    guard text.utf8.count <= 65_536, let json = try? JSONParser.parse(Array(text.utf8)) else {
      return nil
    }
    var best: Double?
    func visit(_ value: JSONValue, depth: Int) {
      guard depth < 8 else { return }
      switch value {
      case .object(let object):
        for member in object.members {
          if ["call_count", "total_cputime", "total_time", "acc_id_util_pct"].contains(member.key),
            let number = member.value.numberValue?.doubleValue
              ?? member.value.stringValue.flatMap(Double.init),
            percentRange.contains(number)
          {
            best = max(best ?? number, number)
          } else {
            visit(member.value, depth: depth + 1)
          }
        }
      case .array(let items):
        for item in items { visit(item, depth: depth + 1) }
      default:
        break
      }
    }
    visit(json, depth: 0)
    return best
  }
}
