import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// `graph-bench growth`: the operations issue 15 found quadratic, at growing sizes, so a
/// return to quadratic shows as a per-item cost that grows with the size: recording N
/// interactions through `CassetteRecorder` (each on disk before its answer), importing an
/// N-entry HAR file and an N-interaction Ruby VCR YAML file, a YAML flow collection and a plain
/// scalar over N lines, `patch` with N `add /a/0` and N moves, and `graph-explorer world --from`
/// on an N-interaction recording (`WorldGrowth`, a child process). CPU time is printed beside wall time: on a shared machine wall time measures
/// the neighbours too.
enum GrowthBenchmark {
  static let summary =
    "recording, HAR/YAML import, patch and world --from at growing sizes (linearity)"

  static func run(_ arguments: [String]) async -> Int32 {
    var sizes = [1_000, 10_000, 100_000]
    var only: Set<String> = []
    var index = 0
    while index < arguments.count {
      let next = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch arguments[index] {
      case "--sizes": sizes = next.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      case "--only": only = Set(next.split(separator: ",").map(String.init))
      default:
        fail(
          "usage: graph-bench growth [--sizes 1000,10000,100000] [--only record,har,yaml,yaml-flow,yaml-plain,patch-add,patch-move,world]"
        )
        return 2
      }
      index += 2
    }
    let dir = NSTemporaryDirectory() + "graph-bench-growth-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var rows = [["case", "size", "CPU s", "wall s", "CPU µs per item"]]
    var worlds: [String] = []
    // Each case's input is made only when the case runs, and outside its timing.
    func measure<Input>(
      _ name: String, _ size: Int, _ input: () -> Input, _ body: (Input) async throws -> Void
    ) async {
      guard only.isEmpty || only.contains(name) else { return }
      let made = input()
      let cpu = cpuSeconds()
      let wall = ContinuousClock.now
      do { try await body(made) } catch {
        rows.append([name, "\(size)", "failed: \(error)", "", ""])
        return
      }
      let used = cpuSeconds() - cpu
      rows.append([
        name, "\(size)", String(format: "%.2f", used), String(format: "%.2f", seconds(since: wall)),
        String(format: "%.1f", used / Double(size) * 1e6),
      ])
    }
    for size in sizes {
      await measure("record", size, {}) {
        let file = dir + "/record-\(size).json"
        let recorder = try CassetteRecorder(
          wrapping: GraphEmulator(), file: file, mode: .all)
        for n in 0..<size {
          _ = try await recorder.send(HTTPRequest(url: "https://graph.facebook.com/v2.0/me?n=\(n)"))
        }
      }
      await measure(
        "har", size, { Interchange.export(CassetteBenchmark.makeCassette(size), as: .har) }
      ) {
        _ = try Interchange.importCassette($0, path: "bench.har", format: .har)
      }
      await measure(
        "yaml", size, { Interchange.export(CassetteBenchmark.makeCassette(size), as: .vcrYAML) }
      ) {
        _ = try Interchange.importCassette($0, path: "bench.yml", format: .vcrYAML)
      }
      await measure("yaml-flow", size, { GrowthYAML.flow(lines: size) }) {
        _ = try Interchange.importCassette($0, path: "flow.yml", format: .vcrpyYAML)
      }
      await measure("yaml-plain", size, { GrowthYAML.plain(lines: size) }) {
        _ = try Interchange.importCassette($0, path: "plain.yml", format: .vcrpyYAML)
      }
      let adds = {
        JSONPatch(
          (0..<size).map {
            .add(path: JSONPointer(tokens: ["a", "0"]), value: .number(JSONNumber($0)))
          })
      }
      await measure("patch-add", size, adds) { _ = try $0.apply(to: ["a": []]) }
      let moves = {
        (
          JSONPatch(
            (0..<size).map { _ in
              .move(from: JSONPointer(tokens: ["a", "0"]), path: JSONPointer(tokens: ["a", "-"]))
            }),
          JSONValue.array((0..<size).map { .number(JSONNumber($0)) })
        )
      }
      await measure("patch-move", size, moves) { _ = try $0.0.apply(to: ["a": $0.1]) }
      if only.isEmpty || only.contains("world") {
        switch WorldGrowth.run(size, in: dir) {
        case .success(let (child, worldBytes)):
          worlds.append("\(size): \(worldBytes / 1000) kB")
          rows.append([
            "world", "\(size)", String(format: "%.2f", child.cpu),
            String(format: "%.2f", child.seconds),
            String(format: "%.1f", child.cpu / Double(size) * 1e6),
          ])
        case .failure(let error): rows.append(["world", "\(size)", "failed: \(error)", "", ""])
        }
      }
    }
    print("growth: CPU and wall time per case and size (release build for real figures)")
    printTable(rows)
    if !worlds.isEmpty { print("world files written: " + worlds.joined(separator: ", ")) }
    return 0
  }
}
