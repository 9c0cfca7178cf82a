import Foundation

/// `graph-bench import`: `graph-explorer import` of YAML files of 2, 8 and 20 MB, side by side
/// with Ruby's Psych loading the same file (`ruby -ryaml -e 'YAML.load_file(ARGV[0])'`), with
/// wall time, CPU time and peak memory of each. The shapes (`--shapes`, all by default): Ruby
/// VCR cassettes of Koala/Faraday traffic (a distinct token per interaction, in the query and in
/// the answer's paging URL; `!binary` gzip and image bodies), and vcrpy cassettes whose one
/// answer is a plain scalar over many lines or has a header list as a flow collection over many
/// lines; HAR files (a token per entry), and `graph-explorer patch` with N `add /a/0` or N
/// moves (`ImportShape`). `--keep DIR` writes the files into DIR and leaves them there.
/// `--budget R` fails (exit 1) when a file of 20 MB or more peaks above R times its size
/// (issue 15's goal: 3).
enum ImportBenchmark {
  static let summary =
    "import 2/8/20 MB VCR YAML (token per interaction, plain, flow), HAR and patch vs Psych"

  static let usage =
    "usage: graph-bench import [--sizes 2,8,20] [--runs N] [--shapes koala,plain,flow,har,patch-add,patch-move] [--keep DIR] [--budget R]"

  static func run(_ arguments: [String]) async -> Int32 {
    guard
      let given = BenchArguments(
        arguments, options: ["--sizes", "--runs", "--shapes", "--keep", "--budget"]),
      given.numbers.isEmpty, let sizes = given.list("--sizes", default: [2, 8, 20]),
      let runs = given.count("--runs", default: 3)
    else {
      fail(usage)
      return 2
    }
    var shapes = ImportShape.allCases
    if let list = given.values["--shapes"] {
      let named = list.split(separator: ",").map { ImportShape(rawValue: String($0)) }
      guard !named.isEmpty, named.allSatisfy({ $0 != nil }) else {
        fail(usage)
        return 2
      }
      shapes = named.compactMap { $0 }
    }
    let keep = given.values["--keep"]
    var budget: Double?
    if let text = given.values["--budget"] {
      guard let ratio = Double(text), ratio > 0 else {
        fail(usage)
        return 2
      }
      budget = ratio
    }
    guard let binary = BenchBinaries.requireGraphExplorer() else { return 1 }
    let ruby = ["/usr/bin/ruby", "/usr/local/bin/ruby"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let dir = keep ?? NSTemporaryDirectory() + "graph-bench-import-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
    var overBudget: [String] = []
    var rows: [[String]] = [
      [
        "shape", "file", "items", "import wall", "import CPU", "peak RSS", "RSS/file",
        "Psych wall", "Psych CPU", "Psych RSS",
      ]
    ]
    for shape in shapes {
      for megabytes in sizes {
        let path = dir + "/\(shape.rawValue)-\(megabytes)mb.\(shape.fileExtension)"
        let (bytes, document, count) = shape.files(megabytes: megabytes)
        let documentPath = dir + "/\(shape.rawValue)-\(megabytes)mb-document.json"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
          document.map({ FileManager.default.createFile(atPath: documentPath, contents: Data($0)) })
            ?? true
        else {
          fail("graph-bench import: cannot write \(path)")
          return 1
        }
        let command =
          document == nil
          ? [binary, "import", path, "-o", dir + "/out.json", "--force"]
          : [binary, "patch", documentPath, path]
        var ours: [ChildRun] = []
        for _ in 0..<runs {
          guard let run = ChildRun.spawn(command), run.status == 0 else {
            fail("graph-bench import: graph-explorer \(command[1]) failed on \(path)")
            return 1
          }
          ours.append(run)
        }
        var psych: [ChildRun] = []
        if let ruby, shape.hasPsych {
          for _ in 0..<runs {
            if let run = ChildRun.spawn([ruby, "-ryaml", "-e", "YAML.load_file(ARGV[0])", path]),
              run.status == 0
            {
              psych.append(run)
            }
          }
        }
        // A patch's document counts in the size: both files are read.
        let size = bytes.count + (document?.count ?? 0)
        let mb = Double(size) / 1_048_576
        let peak = ours.map(\.maxRSS).max() ?? 0
        let ratio = Double(peak) / Double(size)
        if let budget, megabytes >= 20, ratio > budget {
          overBudget.append(
            "\(shape.rawValue) \(megabytes) MB: "
              + String(format: "%.1f× the file, above the budget of %.1f×", ratio, budget))
        }
        rows.append([
          shape.label, String(format: "%.1f MB", mb), "\(count)",
          secondsText(median(ours.map(\.seconds))), secondsText(median(ours.map(\.cpu))),
          "\(peak / 1_048_576) MB", String(format: "%.1f×", ratio),
          psych.isEmpty ? "-" : secondsText(median(psych.map(\.seconds))),
          psych.isEmpty ? "-" : secondsText(median(psych.map(\.cpu))),
          psych.isEmpty ? "-" : "\((psych.map(\.maxRSS).max() ?? 0) / 1_048_576) MB",
        ])
      }
    }
    print("graph-explorer import (release) vs Ruby Psych YAML.load_file, median of \(runs) runs")
    print("(peak RSS: the largest of the runs; the process holds about 25 MB before it reads)")
    printTable(rows)
    if ruby == nil { print("(Ruby not found: install Debian's ruby for the Psych columns)") }
    for line in overBudget { fail("graph-bench import: \(line)") }
    return overBudget.isEmpty ? 0 : 1
  }

  static func secondsText(_ s: Double) -> String { String(format: "%.2f s", s) }

  /// A HAR 1.2 file of about `megabytes` MB, as browser devtools write one (indented): a Graph
  /// request with a distinct token per entry, and its JSON answer.
  static func har(megabytes: Int) -> (bytes: [UInt8], count: Int) {
    var out = #"{"log": {"version": "1.2", "#
    out += #""creator": {"name": "WebInspector", "version": "537.36"}, "entries": ["#
    out.reserveCapacity(megabytes * 1_048_576 + 4096)
    var generator = SplitMix64(seed: 19)
    var n = 0
    while out.utf8.count < megabytes * 1_048_576 {
      if n > 0 { out += "," }
      n += 1
      let token = "EAAGm0PX4ZCpsBA" + generator.alphanumerics(160) + "ZDZD"
      out += """

          {
            "startedDateTime": "2026-12-01T10:00:00.000Z",
            "time": 12,
            "request": {
              "method": "GET",
              "url": "https://graph.facebook.com/v2.8/me/friends?access_token=\(token)&limit=8",
              "httpVersion": "HTTP/1.1",
              "headers": [{"name": "User-Agent", "value": "FBiOSSDK.3.24.0"}],
              "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0
            },
            "response": {
              "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
              "headers": [{"name": "Content-Type", "value": "application/json; charset=UTF-8"}],
              "cookies": [],
              "content": {
                "size": 80, "mimeType": "application/json",
                "text": "{\\"data\\":[{\\"id\\":\\"1000\(n)\\",\\"name\\":\\"Person \(n)\\",\\"message\\":\\"\(generator.alphanumerics(60))\\"}]}"
              },
              "redirectURL": "", "headersSize": -1, "bodySize": 80
            },
            "cache": {}, "timings": {"send": 0, "wait": 12, "receive": 0}
          }
        """
    }
    out += "\n]}}\n"
    return (Array(out.utf8), n)
  }

  /// A Ruby VCR YAML cassette of about `megabytes` MB, as Psych writes one for Koala/Faraday
  /// traffic: a distinct token per interaction, one answer in ten gzip (`!binary`), one in
  /// twenty an image (`!binary`).
  static func cassette(megabytes: Int) -> (bytes: [UInt8], count: Int) {
    var out = "---\nhttp_interactions:\n"
    out.reserveCapacity(megabytes * 1_048_576 + 4096)
    var generator = SplitMix64(seed: 12)
    var n = 0
    while out.utf8.count < megabytes * 1_048_576 {
      n += 1
      let token = "EAAGm0PX4ZCpsBA" + generator.alphanumerics(160) + "ZDZD"
      let body: String
      if n % 10 == 0 {
        body = """
                encoding: ASCII-8BIT
                string: !binary |-
          \(base64Lines(generator.bytes(1200), indent: 8))
          """
      } else if n % 20 == 5 {
        body = """
                encoding: ASCII-8BIT
                string: !binary |-
          \(base64Lines([0x89, 0x50, 0x4E, 0x47] + generator.bytes(3000), indent: 8))
          """
      } else {
        var items: [String] = []
        for i in 0..<8 {
          items.append(
            #"{\"id\":\"10000\#(n)\#(i)\",\"name\":\"Person \#(n) \#(i)\",\"message\":\"\#(generator.alphanumerics(60))\"}"#
          )
        }
        body = """
                encoding: UTF-8
                string: "{\\"data\\":[\(items.joined(separator: ","))],\\"paging\\":{\\"next\\":\\"https:\\\\/\\\\/graph.facebook.com\\\\/v2.8\\\\/me\\\\/friends?access_token=\(token)&limit=8&after=\(generator.alphanumerics(24))\\"}}"
          """
      }
      out += """
        - request:
            method: get
            uri: https://graph.facebook.com/v2.8/me/friends?access_token=\(token)&limit=8
            body:
              encoding: US-ASCII
              string: ''
            headers:
              User-Agent:
              - Faraday v0.17.3
              Accept-Encoding:
              - gzip;q=1.0,deflate;q=0.6,identity;q=0.3
          response:
            status:
              code: 200
              message: OK
            headers:
              Content-Type:
              - \(n % 20 == 5 ? "image/png" : "application/json; charset=UTF-8")
              X-Fb-Trace-Id:
              - \(generator.alphanumerics(11))
            body:
        \(body)
            http_version:
          recorded_at: Tue, 01 Dec 2026 10:00:00 GMT

        """
    }
    out += "recorded_with: VCR 6.0.0\n"
    return (Array(out.utf8), n)
  }

  static func base64Lines(_ bytes: [UInt8], indent: Int) -> String {
    let text = Data(bytes).base64EncodedString()
    var lines: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      lines.append(String(repeating: " ", count: indent) + rest.prefix(60))
      rest = rest.dropFirst(60)
    }
    return lines.joined(separator: "\n")
  }
}

/// Benchmark data from the seeded generator.
extension SplitMix64 {
  mutating func bytes(_ n: Int) -> [UInt8] {
    (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) }
  }

  mutating func alphanumerics(_ n: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    return String(decoding: (0..<n).map { _ in alphabet[Int(next() % 62)] }, as: UTF8.self)
  }
}
