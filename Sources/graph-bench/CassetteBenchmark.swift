import Foundation
import GraphAPI
import GraphCassette
import GraphJSON

/// `graph-bench cassette`: load a 10,000-interaction cassette, match requests against it, and
/// replay through CassettePlayer, with vcrpy (requests + vcrpy, JSON serializer) replaying the
/// same interactions from an equivalent cassette side by side.
enum CassetteBenchmark {
  static func run(_ arguments: [String]) async -> Int32 {
    var size = 10_000
    var replayCount = 1_000
    var runs = 5
    var index = 0
    while index < arguments.count {
      let a = arguments[index]
      let next = index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
      switch a {
      case "--interactions": size = next ?? size
      case "--requests": replayCount = next ?? replayCount
      case "--runs": runs = next ?? runs
      default:
        fail("usage: graph-bench cassette [--interactions N] [--requests N] [--runs N]")
        return 2
      }
      index += 2
    }
    replayCount = min(replayCount, size)
    let dir = NSTemporaryDirectory() + "graph-bench-cassette-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let native = dir + "/bench.json"
    let vcrpyPath = dir + "/bench.vcrpy.json"
    let cassette = makeCassette(size)
    do {
      try cassette.save(to: native)
      try Data(Interchange.export(cassette, as: .vcrpy)).write(to: URL(fileURLWithPath: vcrpyPath))
    } catch {
      fail("graph-bench cassette: \(error)")
      return 1
    }
    let requests = cassette.interactions.map(\.request)
    let fileMB = Double(readFile(native)?.count ?? 0) / 1_048_576

    var loads: [Double] = []
    for _ in 0..<runs {
      let start = cpuSeconds()
      guard (try? Cassette.load(path: native)) != nil else { return 1 }
      loads.append(cpuSeconds() - start)
    }
    var matches: [Double] = []
    for _ in 0..<runs {
      let player = CassettePlayer(cassette: cassette)
      let start = cpuSeconds()
      for request in requests { _ = try? player.match(request) }
      matches.append((cpuSeconds() - start) / Double(requests.count))
    }
    var replays: [Double] = []
    for _ in 0..<runs {
      let player = CassettePlayer(cassette: cassette)
      let start = cpuSeconds()
      for request in requests.prefix(replayCount) { _ = try? await player.send(request) }
      replays.append(Double(replayCount) / (cpuSeconds() - start))
    }
    print(
      "cassette: \(size) interactions, \(String(format: "%.1f", fileMB)) MB; \(runs) runs, "
        + "medians of CPU time (the machine is shared: wall-clock would measure the neighbours)"
    )
    var rows = [["measure", "graph-explorer", "vcrpy 9 + requests", "ratio"]]
    let peer = vcrpy(vcrpyPath, replayCount)
    rows.append([
      "load \(size)", String(format: "%.0f ms", median(loads) * 1000),
      peer.map { String(format: "%.0f ms", $0.load * 1000) } ?? "n/a",
      peer.map { String(format: "%.1f×", $0.load / median(loads)) } ?? "",
    ])
    rows.append([
      "match one request", String(format: "%.2f µs", median(matches) * 1e6),
      "(inside replay)", "",
    ])
    rows.append([
      "replay \(replayCount) requests", String(format: "%.0f req/s", median(replays)),
      peer.map { String(format: "%.0f req/s", $0.throughput) } ?? "n/a",
      peer.map { String(format: "%.0f×", median(replays) / $0.throughput) } ?? "",
    ])
    printTable(rows)
    return 0
  }

  /// vcrpy's load time and replay throughput, or `nil` when python3, vcrpy or requests is
  /// missing (`pip install -r Tests/requirements.txt`).
  static func vcrpy(_ path: String, _ count: Int) -> (load: Double, throughput: Double)? {
    let script = "Tests/Interop/vcrpy_replay_bench.py"
    guard FileManager.default.fileExists(atPath: script) else {
      fail("vcrpy: run from the repository root (\(script) not found)")
      return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, path, String(count)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let value = try? JSONParser.parse([UInt8](data)),
      let load = value["load_seconds"]?.numberValue?.doubleValue,
      let replay = value["replay_seconds"]?.numberValue?.doubleValue, replay > 0
    else {
      fail("vcrpy: the measurement failed (pip install vcrpy requests)")
      return nil
    }
    return (load, Double(count) / replay)
  }

  /// The request of interaction `i` of `makeCassette`: a profile read of user `i`.
  static func request(_ i: Int) -> HTTPRequest {
    HTTPRequest(
      method: "GET",
      url:
        "https://graph.facebook.com/v2.0/\(100_001_000_000_000 + i)?fields=id,name,picture.width(100),friends.limit(5)&access_token=<ACCESS_TOKEN_1>",
      headers: ["User-Agent": "FBiOSSDK.3.24.0", "Accept": "application/json"])
  }

  /// A Graph-shaped cassette: profile reads of distinct users, JSON answers of ~400 bytes.
  static func makeCassette(_ size: Int) -> Cassette {
    var interactions: [Interaction] = []
    interactions.reserveCapacity(size)
    for i in 0..<size {
      let id = 100_001_000_000_000 + i
      let request = Self.request(i)
      let body: JSONValue = [
        "id": .string(String(id)), "name": .string("Person \(i)"),
        "picture": [
          "data": [
            "url": .string("https://fbcdn.example/p100x100/\(id).jpg"), "is_silhouette": false,
          ]
        ],
        "friends": [
          "data": [["id": "100001000000001", "name": "Alice Example"]],
          "paging": ["cursors": ["before": "QVFIUjFh", "after": "QVFIUjFi"]],
          "summary": ["total_count": .number(JSONNumber(i % 500))],
        ],
      ]
      interactions.append(
        Interaction(
          request: request,
          response: HTTPResponse(
            status: 200,
            headers: [
              "Content-Type": "application/json; charset=UTF-8", "facebook-api-version": "v2.0",
            ],
            body: Array(body.compactText.utf8), duration: .milliseconds(40)),
          recordedAt: "2026-11-30T07:40:00.000Z"))
    }
    return Cassette(interactions: interactions, recordedWith: "graph-bench")
  }
}
