import Foundation
import GraphAPI

/// `graph-bench doctor`: `graph-explorer doctor --json` on HAR files of 10,000, 50,000 and
/// 100,000 entries (a session with paging, single-node fan-outs, repeated GETs, permission,
/// expiry and throttling errors, failing batch items and usage headers; a real-looking token per
/// user), beside `graph-explorer import` of the same file (reading and redacting, the floor),
/// with wall time, CPU time, time per interaction and peak memory: the time should grow
/// linearly with the entries.
enum DoctorBenchmark {
  static let summary = "doctor on 10k/50k/100k-entry HAR sessions, beside import of the same file"

  static let usage =
    "usage: graph-bench doctor [--sizes 10000,50000,100000] [--runs N] [--keep DIR]"

  static func run(_ arguments: [String]) async -> Int32 {
    guard let given = BenchArguments(arguments, options: ["--sizes", "--runs", "--keep"]),
      given.numbers.isEmpty, let sizes = given.list("--sizes", default: [10_000, 50_000, 100_000]),
      let runs = given.count("--runs", default: 3)
    else {
      fail(usage)
      return 2
    }
    let keep = given.values["--keep"]
    guard let binary = BenchBinaries.requireGraphExplorer() else { return 1 }
    let dir = keep ?? NSTemporaryDirectory() + "graph-bench-doctor-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
    var rows: [[String]] = [
      [
        "entries", "file", "doctor wall", "doctor CPU", "µs/entry", "peak RSS", "import wall",
        "import CPU", "import RSS",
      ]
    ]
    for count in sizes {
      let path = dir + "/session-\(count).har"
      let bytes = har(entries: count)
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        fail("graph-bench doctor: cannot write \(path)")
        return 1
      }
      var doctor: [ChildRun] = []
      var imports: [ChildRun] = []
      for _ in 0..<runs {
        guard let run = ChildRun.spawn([binary, "doctor", "--json", path]), run.status == 0,
          let base = ChildRun.spawn([binary, "import", path, "-o", "/dev/null", "--force"]),
          base.status == 0
        else {
          fail("graph-bench doctor: graph-explorer failed on \(path)")
          return 1
        }
        doctor.append(run)
        imports.append(base)
      }
      let wall = median(doctor.map(\.seconds))
      rows.append([
        "\(count)", String(format: "%.1f MB", Double(bytes.count) / 1_048_576),
        String(format: "%.2f s", wall), String(format: "%.2f s", median(doctor.map(\.cpu))),
        String(format: "%.1f", wall * 1e6 / Double(count)),
        "\((doctor.map(\.maxRSS).max() ?? 0) / 1_048_576) MB",
        String(format: "%.2f s", median(imports.map(\.seconds))),
        String(format: "%.2f s", median(imports.map(\.cpu))),
        "\((imports.map(\.maxRSS).max() ?? 0) / 1_048_576) MB",
      ])
    }
    print(
      "graph-explorer doctor --json (release) vs import of the same HAR, median of \(runs) runs")
    printTable(rows)
    return 0
  }

  /// A HAR session of `entries` entries, as devtools write one.
  static func har(entries: Int) -> [UInt8] {
    var out =
      #"{"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": ["#
    out.reserveCapacity(entries * 900)
    let base = 1_764_000_000  // 2025-11-24
    for i in 0..<entries {
      let user = i / 5_000
      let token = "EAAB" + String(repeating: "x", count: 60) + String(user, radix: 16) + "ZQ"
      let time = isoTime(base + i)
      var url = "https://graph.facebook.com/v19.0/"
      var method = "GET"
      var status = 200
      var body: String
      var postData = ""
      switch i % 20 {
      case 0..<8:
        // Paging through friends, a cursor per page (every 400th walk loops once).
        let page = i % 20
        let cursor = (i / 400) % 2 == 0 && page == 7 ? "C\(i - 1)" : "C\(i)"
        url += "me/friends?limit=3&after=\(cursor)&access_token=\(token)"
        body =
          #"{"data":[{"id":"1\#(i)","name":"A"},{"id":"2\#(i)","name":"B"},{"id":"3\#(i)","name":"C"}],"paging":{"cursors":{"after":"C\#(i + 1)"}}}"#
      case 8..<12:
        url += "10000\(i)?access_token=\(token)"
        body = #"{"id":"10000\#(i)","name":"Node \#(i)"}"#
      case 12, 13:
        url += "me?fields=id,name&access_token=\(token)"
        body = #"{"id":"100\#(user)","name":"User \#(user)"}"#
      case 14:
        method = "POST"
        url += "me/feed"
        postData = "message=hi&access_token=\(token)"
        status = 403
        body =
          #"{"error":{"message":"(#200) Requires extended permission: publish_actions","type":"OAuthException","code":200,"fbtrace_id":"Abc"}}"#
      case 15:
        status = 400
        url += "me/photos?access_token=\(token)"
        body =
          #"{"error":{"message":"Error validating access token: Session has expired","type":"OAuthException","code":190,"error_subcode":463,"fbtrace_id":"Abc"}}"#
      case 16:
        status = 400
        url += "me/feed?access_token=\(token)"
        body =
          #"{"error":{"message":"(#4) Application request limit reached","type":"OAuthException","is_transient":true,"code":4,"fbtrace_id":"Abc"}}"#
      case 17:
        method = "POST"
        url = "https://graph.facebook.com/v19.0/"
        postData =
          "access_token=\(token)&batch=%5B%7B%22method%22%3A%22GET%22%2C%22relative_url%22%3A%22me%22%7D%5D"
        body =
          #"[{"code":400,"headers":[],"body":"{\"error\":{\"message\":\"(#100) Unknown fields: x.\",\"type\":\"OAuthException\",\"code\":100}}"}]"#
      default:
        url += "me/permissions?access_token=\(token)"
        body = #"{"data":[{"permission":"public_profile","status":"granted"}]}"#
      }
      let usage = #"{\"call_count\":\#(i % 130),\"total_cputime\":3,\"total_time\":4}"#
      if i > 0 { out += "," }
      out +=
        "\n{\"startedDateTime\": \"\(time)\", \"time\": 42, \"request\": {\"method\": \"\(method)\", \"url\": \"\(url)\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [{\"name\": \"Accept\", \"value\": \"*/*\"}]"
      if !postData.isEmpty {
        out +=
          ", \"postData\": {\"mimeType\": \"application/x-www-form-urlencoded\", \"text\": \"\(postData)\"}"
      }
      out +=
        "}, \"response\": {\"status\": \(status), \"statusText\": \"\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [{\"name\": \"Content-Type\", \"value\": \"application/json\"}, {\"name\": \"x-app-usage\", \"value\": \"\(usage)\"}], \"content\": {\"mimeType\": \"application/json\", \"text\": \"\(escaped(body))\"}}}"
    }
    out += "\n]}}\n"
    return Array(out.utf8)
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  /// `2025-11-24T16:00:00.000Z` for Unix seconds.
  static func isoTime(_ seconds: Int) -> String {
    let (year, month, day, hour, minute, second, _) = CivilTime.civil(seconds)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return
      "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second)).000Z"
  }
}
