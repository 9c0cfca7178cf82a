import GraphAPI
import GraphJSON

/// The times a recording shows of Graph's own clock (issue 42): when each answer was given (its
/// `Date` header) and when a token expired or expires (a 190/463 message, `debug_token`'s
/// `expires_at`, a token exchange's `expires`). `verify` moves the emulator's clock by the
/// first, and `world --from` keeps the second as the token's expiry, so a token expires at the
/// same point of the session.
///
/// **[choice]**: only the answer's `Date` header is Graph's clock; `recorded_at` is the
/// recorder's (another machine, seconds later), and the emulator's own answers carry no `Date`,
/// so its recordings leave the clock as it ticks (one second per request).
package enum RecordedTime {
  private static let months = CivilTime.monthAbbreviations

  /// The Unix time the answer says it was given at: its `Date` header
  /// (`Thu, 09 Apr 2015 17:41:48 GMT`), or `nil` when it has none that reads as one.
  package static func answered(_ response: HTTPResponse) -> Int? {
    guard let text = response.headers["Date"],
      let (year, month, day, hour, minute, second) = CivilTime.rfc1123(text)
    else { return nil }
    return CivilTime.unix(year: year, month: month, day: day, hour: hour) + minute * 60 + second
  }

  /// When a token expired, as Graph's 190/463 message says (`Error validating access token:
  /// Session has expired on Sunday, 22-Mar-15 06:00:00 PDT. The current time is ...`): US
  /// Pacific time, two-digit years taken as 20YY.
  package static func expiry(inMessage message: String) -> Int? {
    let marker = "Session has expired on "
    guard let start = message.range(of: marker)?.upperBound,
      let comma = message[start...].firstIndex(of: ",")
    else { return nil }
    // ` 22-Mar-15 06:00:00 PDT`
    let bytes = Array(message[comma...].utf8.dropFirst().prefix(23))
    guard bytes.count == 23, bytes[0] == 0x20, bytes[3] == 0x2D, bytes[7] == 0x2D,
      bytes[10] == 0x20,
      let day = CivilTime.number(bytes, 1..<3),
      let month = months.firstIndex(of: String(decoding: bytes[4..<7], as: UTF8.self)),
      let year = CivilTime.number(bytes, 8..<10)
    else { return nil }
    let zone = String(decoding: bytes[20..<23], as: UTF8.self)
    guard let offset = ["PDT": 7, "PST": 8][zone] else { return nil }
    return civil(2000 + year, month + 1, day, clock: Array(bytes[11..<19]), offsetHours: offset)
  }

  /// `HH:mm:ss` on a civil date, `offsetHours` behind UTC.
  private static func civil(_ year: Int, _ month: Int, _ day: Int, clock: [UInt8], offsetHours: Int)
    -> Int?
  {
    guard clock.count == 8, clock[2] == 0x3A, clock[5] == 0x3A,
      let hour = CivilTime.number(clock, 0..<2), let minute = CivilTime.number(clock, 3..<5),
      let second = CivilTime.number(clock, 6..<8), (1...31).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    return CivilTime.unix(year: year, month: month, day: day) + (hour + offsetHours) * 3600
      + minute * 60 + second
  }

  /// The expiries `interaction` shows, by token as the recording wrote it: the token a 190/463
  /// answer refused, `debug_token`'s `input_token` with its nonzero `expires_at`, and the token
  /// an `oauth/access_token` answer gave with its `expires` (form) or `expires_in` (JSON) counted
  /// from when it was answered.
  package static func expiries(_ interaction: Interaction) -> [String: Int] {
    let request = interaction.request
    let response = interaction.response
    guard let parts = URLParts(request.url) else { return [:] }
    let answer = try? JSONParser.parse(response.decodedBody)
    var found: [String: Int] = [:]
    let query = parts.queryItems
    let form =
      request.headers["Content-Type"]?.contains("x-www-form-urlencoded") == true
      ? QueryItems(parsing: String(decoding: request.body, as: UTF8.self)) : QueryItems(parsing: "")
    let token = query["access_token"] ?? form["access_token"] ?? bearer(request)
    if let error = answer?["error"], error["error_subcode"]?.numberValue?.intValue == 463,
      let message = error["message"]?.stringValue, let token,
      let expiry = expiry(inMessage: message)
    {
      found[token] = expiry
    }
    guard response.status == 200 else { return found }
    let last = parts.pathComponents.last
    if last == "debug_token", let input = query["input_token"],
      let expiry = answer?["data"]?["expires_at"]?.numberValue?.intValue, expiry > 0
    {
      found[input] = expiry
    }
    if last == "access_token", parts.pathComponents.dropLast().last == "oauth",
      let given = answered(response)
    {
      if let answer, let minted = answer["access_token"]?.stringValue,
        let seconds = answer["expires_in"]?.numberValue?.intValue
          ?? answer["expires"]?.numberValue?.intValue,
        seconds > 0
      {
        found[minted] = given + seconds
      } else if answer == nil {
        let items = QueryItems(parsing: String(decoding: response.decodedBody, as: UTF8.self))
        if let minted = items["access_token"], let seconds = items["expires"].flatMap({ Int($0) }),
          seconds > 0
        {
          found[minted] = given + seconds
        }
      }
    }
    return found
  }

  private static func bearer(_ request: HTTPRequest) -> String? {
    guard let value = request.headers["Authorization"] else { return nil }
    for scheme in ["Bearer ", "OAuth "] where value.hasPrefix(scheme) {
      return String(value.dropFirst(scheme.count))
    }
    return nil
  }
}
