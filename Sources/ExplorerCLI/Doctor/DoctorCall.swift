import GraphAPI
import GraphCassette
import GraphJSON

/// What `doctor` reads from one interaction (secrets already replaced by placeholders): who
/// called what, with which token and version, and each answer it got (a batch's items each on
/// their own). Made and dropped one interaction at a time.
struct DoctorCall {
  /// One answer: the whole response, or one item of a batch.
  struct Answer {
    /// The batch item's index from 0, `nil` for the whole response.
    var item: Int?
    /// `GET me/friends` for a batch item, from the request's `batch` parameter.
    var itemRequest: String?
    /// The batch item's own token (its `relative_url`'s `access_token`, as the iOS SDK 3.x
    /// sends each item's), when it has one.
    var itemToken: String? = nil
    var response: HTTPResponse
    /// The Graph error in the body, read once (`nil` for a success).
    var error: GraphErrorBody?

    /// Whether `explain` has something to say: an HTTP error or a Graph error body. A
    /// redirect (the login dialog's 302 to its callback, `/picture`'s 302 to the image) or a
    /// 304 is how those calls succeed, not an error (issue 45).
    var failed: Bool { !(200..<400).contains(response.status) || error != nil }
  }

  var number: Int
  /// Unix seconds, when the recording says when.
  var time: Double?
  /// `2014-10-15`, the day (UTC) the call was made.
  var day: String?
  var method: String
  var host: String
  /// `v2.2`, or `nil` for an unversioned call.
  var version: String?
  /// The version the answer says served the call (its `facebook-api-version` header).
  var servedVersion: String?
  /// The path without the version: `me/friends`.
  var path: String
  var parameters: QueryItems
  /// The token the request carried (a placeholder, or an emulator test token).
  var token: String?
  var status: Int
  var answers: [Answer]
  /// The response body parsed, when it is JSON (at most `parsedLimit` bytes).
  var json: JSONValue?
  /// `GET /v2.2/me?fields=id` (control characters escaped, at most 120 characters).
  var summary: String
  /// The URL without its token, for comparing calls: `GET graph.facebook.com/v2.2/me?fields=id`.
  var key: String

  /// Bodies longer than this are not parsed for identities or paging.
  static let parsedLimit = 4 << 20

  init(_ interaction: Interaction, number: Int) {
    self.number = number
    let request = interaction.request
    summary = interaction.summary
    status = interaction.response.status
    servedVersion = interaction.response.headers["facebook-api-version"]
    let iso = Self.isoText(interaction.recordedAt)
    time = Self.seconds(iso: iso)
    day = time == nil ? nil : String(iso.prefix(10))
    let parsed = try? GraphRequest(parsing: request)
    method = parsed.map { $0.method.rawValue.uppercased() } ?? request.method.uppercased()
    let parts = URLParts(request.url)
    host = parts?.host.lowercased() ?? (request.headers["Host"] ?? "").lowercased()
    var components = (parsed?.path ?? parts?.path ?? request.url).split(separator: "/").map(
      String.init)
    if let first = components.first, first.first == "v", first.contains("."),
      first.dropFirst().allSatisfy({ $0.isNumber || $0 == "." })
    {
      version = first
      components.removeFirst()
    }
    version = version ?? parsed?.version
    path = components.joined(separator: "/")
    parameters = parsed?.parameters ?? QueryItems()
    token = parsed?.accessToken.flatMap { $0.isEmpty ? nil : $0 }
    let query = parameters.filter { $0.name != "access_token" && $0.name != "appsecret_proof" }
      .map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
    key = "\(method) \(host)/\(version.map { $0 + "/" } ?? "")\(path)?\(query)"
    let response = interaction.response
    json =
      response.body.count <= Self.parsedLimit ? try? JSONParser.parse(response.body) : nil
    answers = [
      Answer(item: nil, response: response, error: json.flatMap(GraphErrorBody.init(json:)))
    ]
    if method == "POST", path.isEmpty, let batch = parameters["batch"],
      let items = try? GraphBatchResponse(parsing: response.body)
    {
      let requests = (try? JSONParser.parse(Array(batch.utf8)))?.arrayValue ?? []
      answers = items.items.enumerated().compactMap { index, item -> Answer? in
        guard let item else { return nil }
        let operation: JSONValue? = index < requests.count ? requests[index] : nil
        return Answer(
          item: index, itemRequest: operation.flatMap(Self.describe),
          itemToken: operation.flatMap(Self.itemToken), response: item.response,
          error: item.error)
      }
    }
  }

  /// The `access_token` in a batch operation's `relative_url`.
  static func itemToken(_ operation: JSONValue) -> String? {
    guard let url = operation["relative_url"]?.stringValue, let mark = url.firstIndex(of: "?")
    else { return nil }
    return QueryItems(parsing: String(url[url.index(after: mark)...]))["access_token"]
  }

  /// `GET me/friends` for a batch operation.
  static func describe(_ operation: JSONValue) -> String? {
    guard let url = operation["relative_url"]?.stringValue else { return nil }
    let method = (operation["method"]?.stringValue ?? "GET").uppercased()
    return "\(method) \(TerminalText.escaped(String(url.prefix(100))))"
  }

  /// Whether this is a login or token call: a token endpoint, a token extension, or a dialog.
  var isLogin: Bool {
    path.hasSuffix("oauth/access_token") || path.hasPrefix("dialog/oauth")
      || path == "method/auth.extendSSOAccessToken" || parameters["fb_extend_sso_token"] != nil
      || path.hasSuffix("oauth/authorize")
  }

  /// `text` as ISO 8601: an RFC 1123 date (`Tue, 01 Nov 2011 12:00:00 GMT`, what Ruby VCR
  /// records) is rewritten; anything else is returned as it is.
  static func isoText(_ text: String) -> String {
    let words = text.split(separator: " ")
    guard words.count >= 5, words[0].hasSuffix(","), words[1].count <= 2, words[3].count == 4,
      words[4].count == 8,
      let month = CivilTime.monthAbbreviations.firstIndex(of: String(words[2]))
    else { return text }
    let day = words[1].count == 1 ? "0\(words[1])" : String(words[1])
    let number = month + 1 < 10 ? "0\(month + 1)" : "\(month + 1)"
    return "\(words[3])-\(number)-\(day)T\(words[4])Z"
  }

  /// Unix seconds for `2026-11-30T07:40:00.123Z` (a `+hh:mm` offset is applied); `nil` when
  /// the text is not such a time.
  static func seconds(iso text: String) -> Double? {
    let b = Array(text.utf8)
    guard b.count >= 19, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20,
      b[13] == 0x3A, b[16] == 0x3A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? { CivilTime.number(b, range) }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var fraction = 0.0
    var i = 19
    if i < b.count, b[i] == 0x2E {
      var scale = 0.1
      i += 1
      while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
        fraction += Double(b[i] - 0x30) * scale
        scale /= 10
        i += 1
      }
    }
    var offset = 0
    if i + 3 <= b.count, b[i] == 0x2B || b[i] == 0x2D, let h = number((i + 1)..<(i + 3)) {
      var m = 0
      if i + 6 <= b.count, b[i + 3] == 0x3A {
        m = number((i + 4)..<(i + 6)) ?? 0
      } else if i + 5 <= b.count {
        m = number((i + 3)..<(i + 5)) ?? 0
      }
      offset = (h * 60 + m) * 60 * (b[i] == 0x2D ? -1 : 1)
    }
    // Days from the civil date (proleptic Gregorian).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
  }
}
