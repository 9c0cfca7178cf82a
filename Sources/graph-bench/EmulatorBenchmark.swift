import Foundation
import GraphAPI
import GraphEmulator

/// The emulator at scale: loading a generated world of 1,000,000 people with 20 friends each
/// (time and peak memory), `GET <id>/friends?limit=100` at page 1 and page 10,000, and (when
/// `graph-explorer` was built beside this binary) whole `graph-explorer --world generated:...`
/// runs to their first answer and exit, in fresh processes.
///
/// `graph-bench emulator [PEOPLE] [--runs N]`
enum EmulatorBenchmark {
  /// The worlds a fresh REPL process is timed on, with the goals for the whole run.
  static let replWorlds: [(world: String, seconds: Double?, megabytes: Double)] = [
    ("generated:people=1000000,friends=20", 1, 300),
    ("generated:people=20000,friends=5000", nil, 800),
  ]

  static func run(_ arguments: [String]) async -> Int32 {
    guard let given = BenchArguments(arguments, options: ["--runs"]),
      let runs = given.count("--runs", default: 3), given.numbers.allSatisfy({ $0 >= 101 })
    else {
      fail("usage: graph-bench emulator [PEOPLE (at least 101)] [--runs N]")
      return 2
    }
    let people = given.numbers.last ?? 1_000_000
    let start = ContinuousClock.now
    let cpuStart = cpuSeconds()
    let world: World
    do {
      world = try World.generated(
        people: people, friends: 20, seed: 1, defaultUserFriends: people - 1)
    } catch {
      fail("graph-bench emulator: \(error)")
      return 1
    }
    let loadSeconds = seconds(since: start)
    let loadCPU = cpuSeconds() - cpuStart
    let emulator = GraphEmulator(world: world)
    let base = "https://graph.facebook.com/v2.2/200000000000000/friends?limit=100"
    let first = HTTPRequest(url: base + "&access_token=CAAEmuUser0")
    // Walk to page 10,000 by following `next`, timing every page.
    var url = first.url
    var walk: [Double] = []
    var pageURLs: [String] = []
    let pages = min(10_000, (people - 1) / 100)
    for _ in 0..<pages {
      pageURLs.append(url)
      let t = ContinuousClock.now
      let response = emulator.answer(HTTPRequest(url: url))
      walk.append(seconds(since: t))
      guard let next = nextURL(response.bodyText) else { break }
      url = next
    }
    let firstPage = timeRequests(emulator, pageURLs[0], times: 200)
    let lastPage = timeRequests(emulator, pageURLs[pageURLs.count - 1], times: 200)
    printTable([
      ["measure", "value"],
      ["people", "\(people)"],
      ["friends each", "20 (person 0: \(people - 1))"],
      ["world generation, wall", String(format: "%.2f s", loadSeconds)],
      ["world generation, CPU", String(format: "%.2f s", loadCPU)],
      ["peak RSS", String(format: "%.0f MB", Double(peakRSS()) / 1_048_576)],
      ["page 1, median of 200", String(format: "%.3f ms", firstPage * 1000)],
      ["page \(pageURLs.count), median of 200", String(format: "%.3f ms", lastPage * 1000)],
      ["walk of \(walk.count) pages, median", String(format: "%.3f ms", median(walk) * 1000)],
    ])
    return replRuns(runs: runs)
  }

  /// `graph-explorer --raw --world W -c "GET me/friends?limit=100"` from start to exit, `runs`
  /// times per world, interleaved: wall, CPU and peak RSS against the goals.
  static func replRuns(runs: Int) -> Int32 {
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let explorer = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("graph-explorer").path
    print("")
    guard FileManager.default.isExecutableFile(atPath: explorer) else {
      print("(graph-explorer not built beside graph-bench: the fresh-process runs are skipped)")
      return 0
    }
    var results = Array(repeating: [ChildRun](), count: replWorlds.count)
    for _ in 0..<runs {
      for (index, world) in replWorlds.enumerated() {
        let command = [explorer, "--raw", "--world", world.world, "-c", "GET me/friends?limit=100"]
        guard let run = ChildRun.spawn(command), run.status == 0 else {
          fail("graph-bench emulator: \(command.joined(separator: " ")) failed")
          return 1
        }
        results[index].append(run)
      }
    }
    var rows = [
      [
        "graph-explorer --world W, start to exit (medians of \(runs))", "wall", "CPU",
        "peak RSS", "goal", "met",
      ]
    ]
    for (world, runs) in zip(replWorlds, results) {
      let wall = median(runs.map(\.seconds))
      let cpu = median(runs.map(\.cpu))
      let rss = Double(runs.map(\.maxRSS).max() ?? 0) / 1_048_576
      let met = wall < (world.seconds ?? .infinity) && rss < world.megabytes
      let goal =
        (world.seconds.map { String(format: "< %.0f s, ", $0) } ?? "")
        + String(format: "< %.0f MB", world.megabytes)
      rows.append([
        world.world, String(format: "%.3f s", wall), String(format: "%.3f s", cpu),
        String(format: "%.0f MB", rss),
        goal,
        met ? "yes" : "no (wall time counts the machine's load: compare CPU)",
      ])
    }
    printTable(rows)
    return 0
  }

  static func timeRequests(_ emulator: GraphEmulator, _ url: String, times: Int) -> Double {
    var samples: [Double] = []
    for _ in 0..<times {
      let t = ContinuousClock.now
      _ = emulator.answer(HTTPRequest(url: url))
      samples.append(seconds(since: t))
    }
    return median(samples)
  }

  /// `paging.next` of a body, found textually (the bench measures the emulator, not a parser).
  static func nextURL(_ body: String) -> String? {
    guard let range = body.range(of: "\"next\":\"") else { return nil }
    let rest = body[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }

  /// Peak resident memory of this process in bytes (VmHWM).
  static func peakRSS() -> Int { procStatusBytes("VmHWM") ?? 0 }
}
