import Foundation
import GraphAPI
import GraphCassette

/// `graph-bench cassette-first`: how soon a fresh process answers its first request from a
/// large cassette, and at what peak memory (issue 32): `CassettePlayer(file:)`, which reads a
/// native file as it replays it, against the whole-file `Cassette.load` it replaced, and
/// vcrpy (`use_cassette` and one `requests.get`) on the same interactions.
enum CassetteFirstAnswerBenchmark {
  static let summary = "time and peak memory to the first answer from a 50,000-interaction cassette"

  /// The ways to the first answer, each run in its own process.
  enum Mode: String, CaseIterable {
    case lazy
    case eager
  }

  /// One child's figures: to its answer (in the process, from before the file is opened),
  /// and for the whole process.
  struct Sample {
    var wall: Double
    var cpu: Double
    var peak: Int
    var run: ChildRun

    init?(run: ChildRun, phases: String) {
      guard run.status == 0,
        let text = try? String(contentsOfFile: phases, encoding: .utf8)
      else { return nil }
      let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard fields.count == 3 else { return nil }
      (wall, cpu, peak, self.run) = (fields[0], fields[1], Int(fields[2]), run)
    }
  }

  static func run(_ arguments: [String]) async -> Int32 {
    var size = 50_000
    var runs = 5
    var keep: String?
    var index = 0
    while index < arguments.count {
      let next = index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
      switch arguments[index] {
      case "--interactions": size = next ?? size
      case "--runs": runs = next ?? runs
      case "--keep" where index + 1 < arguments.count: keep = arguments[index + 1]
      default:
        fail("usage: graph-bench cassette-first [--interactions N] [--runs N] [--keep DIR]")
        return 2
      }
      index += 2
    }
    // The cassettes are left in `--keep DIR` for the children to be run by hand.
    let dir = keep ?? NSTemporaryDirectory() + "graph-bench-first-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
    let native = dir + "/bench.json"
    let vcrpyPath = dir + "/bench.vcrpy.json"
    let phases = dir + "/phases.txt"
    do {
      let cassette = CassetteBenchmark.makeCassette(size)
      try cassette.save(to: native)
      try Data(Interchange.export(cassette, as: .vcrpy)).write(to: URL(fileURLWithPath: vcrpyPath))
    } catch {
      fail("graph-bench cassette-first: \(error)")
      return 1
    }
    let fileBytes = (try? FileManager.default.attributesOfItem(atPath: native)[.size] as? Int) ?? 0
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    // The first recorded request, and the last (which the lazy path reaches last).
    var commands: [(String, [String])] = []
    for (which, request) in [("first", 0), ("last", size - 1)] {
      for mode in Mode.allCases {
        commands.append(
          (
            "\(mode.rawValue), \(which)",
            [executable, "cassette-first-child", mode.rawValue, native, String(request), phases]
          ))
      }
    }
    let script = "Tests/Interop/vcrpy_first_answer.py"
    if FileManager.default.fileExists(atPath: script) {
      let url = CassetteBenchmark.request(0).url
      commands.append(
        ("vcrpy, first", ["/usr/bin/env", "python3", script, vcrpyPath, url, phases]))
    } else {
      fail("vcrpy: run from the repository root (\(script) not found)")
    }
    var samples = Array(repeating: [Sample](), count: commands.count)
    for _ in 0..<runs {
      for (index, command) in commands.enumerated() {
        unlink(phases)
        guard let run = ChildRun.spawn(command.1), let sample = Sample(run: run, phases: phases)
        else {
          fail("graph-bench cassette-first: \(command.1.joined(separator: " ")) failed")
          if command.0.hasPrefix("vcrpy") { continue }
          return 1
        }
        samples[index].append(sample)
      }
    }
    print(
      String(
        format: "cassette-first: %d interactions, %.1f MB native file; medians of %d runs, "
          + "each in a fresh process", size, Double(fileBytes) / 1e6, runs))
    var rows = [
      [
        "path, request", "to answer (wall)", "to answer (CPU)", "process (wall)",
        "process (CPU)", "peak RSS", "× file",
      ]
    ]
    for (command, runs) in zip(commands, samples) where !runs.isEmpty {
      let peak = Double(runs.map(\.peak).max() ?? 0)
      rows.append([
        command.0, milliseconds(median(runs.map(\.wall))), milliseconds(median(runs.map(\.cpu))),
        milliseconds(median(runs.map(\.run.seconds))), milliseconds(median(runs.map(\.run.cpu))),
        String(format: "%.0f MB", peak / 1e6), String(format: "%.2f", peak / Double(fileBytes)),
      ])
    }
    printTable(rows)
    return 0
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.0f ms", seconds * 1000)
  }

  /// `graph-bench cassette-first-child lazy|eager FILE N OUT`: answers the request of
  /// interaction N of `CassetteBenchmark.makeCassette` from FILE, read lazily
  /// (`CassettePlayer(file:)`) or whole (`Cassette.load`), and writes the wall and CPU seconds
  /// to the answer and the peak RSS (VmHWM) to OUT.
  static func child(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 4, let mode = Mode(rawValue: arguments[0]),
      let interaction = Int(arguments[2])
    else {
      fail("usage: graph-bench cassette-first-child lazy|eager FILE N OUT")
      return 2
    }
    let path = arguments[1]
    let request = CassetteBenchmark.request(interaction)
    let start = (ContinuousClock.now, cpuSeconds())
    let response: HTTPResponse
    do {
      let player =
        switch mode {
        case .lazy: try CassettePlayer(file: path)
        case .eager: CassettePlayer(cassette: try Cassette.load(path: path))
        }
      response = try player.answer(request)
    } catch {
      fail("graph-bench cassette-first-child: \(error)")
      return 1
    }
    let wall = seconds(since: start.0)
    let cpu = cpuSeconds() - start.1
    guard response.status == 200 else { return 1 }
    let line = String(format: "%f %f %d\n", wall, cpu, EmulatorBenchmark.peakRSS())
    guard FileManager.default.createFile(atPath: arguments[3], contents: Data(line.utf8)) else {
      fail("graph-bench cassette-first-child: cannot write \(arguments[3])")
      return 1
    }
    return 0
  }
}
