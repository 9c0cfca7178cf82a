import Foundation
import GraphAPI
import GraphEmulator

/// `search` over generated worlds of 100,000, 1,000,000 and 4,000,000 people: CPU per page
/// (median of runs, one thread, a distinct request each run) for places, pages, a person no one
/// matches, a common name's first, middle and last pages and a two-word query's, beside the
/// search it replaced (every node made and scanned, then sorted: what `search` did before) on
/// the same world and query.
///
/// `graph-bench search [PEOPLE ...] [--runs N]`
enum SearchBenchmark {
  static let summary = "user search over 100k-4M generated people vs scanning every node"

  static func run(_ arguments: [String]) async -> Int32 {
    guard let given = BenchArguments(arguments, options: ["--runs"]),
      let runs = given.count("--runs", default: 21), given.numbers.allSatisfy({ $0 >= 2 })
    else {
      fail("usage: graph-bench search [PEOPLE ...] [--runs N]")
      return 2
    }
    let sizes = given.numbers.isEmpty ? [100_000, 1_000_000, 4_000_000] : given.numbers
    var rows = [
      [
        "people", "query", "page at", "results", "indexed CPU/page", "scan CPU/page",
        "indexed < 5 ms",
      ]
    ]
    for people in sizes {
      let world: World
      do { world = try World.generated(people: people, friends: 5, seed: 1) } catch {
        fail("graph-bench search: \(error)")
        return 1
      }
      let emulator = GraphEmulator(world: world)
      // The first search counts the name pairs by block once: timed on its own.
      let t = cpuSeconds()
      _ = emulator.answer(request("a", offset: 0, limit: 25))
      rows.append([
        "\(people)", "(first search: counting name pairs)", "", "",
        String(format: "%.2f ms", (cpuSeconds() - t) * 1000), "", "",
      ])
      // Places and pages are stored nodes: found without walking the people.
      for (type, q) in [("place", "coffee"), ("page", "market")] {
        let indexed = cpuPerCall(runs) { run in
          _ = emulator.answer(request(q, offset: 0, limit: 25 + run, type: type))
        }
        let scanRuns = people >= 1_000_000 ? 3 : min(runs, 7)
        let scanned = cpuPerCall(scanRuns) { _ in
          _ = world.nodes.values.filter { $0.type == .page && $0.fields["name"] != nil }.count
        }
        rows.append([
          "\(people)", "type=\(type) q=\(q)", "0", "", String(format: "%.3f ms", indexed * 1000),
          String(format: "%.1f ms", scanned * 1000), indexed < 0.005 ? "yes" : "no",
        ])
      }
      for q in ["zzyzx", "amara", "amara kim"] {
        let total = scan(world, q).count
        var offsets = [0]
        if total > 50 { offsets += [total / 2, total - 10] }
        for offset in offsets {
          // A distinct request each run (the page size varies): the emulator's memo of repeated
          // answers must not serve it.
          let indexed = cpuPerCall(runs) { run in
            _ = emulator.answer(request(q, offset: offset, limit: 25 + run))
          }
          // The scan costs seconds at 4M: fewer runs there.
          let scanRuns = people >= 1_000_000 ? 3 : min(runs, 7)
          let scanned = cpuPerCall(scanRuns) { _ in _ = scan(world, q).dropFirst(offset).prefix(25)
          }
          rows.append([
            "\(people)", q, "\(offset)", "\(total)", String(format: "%.3f ms", indexed * 1000),
            String(format: "%.1f ms", scanned * 1000), indexed < 0.005 ? "yes" : "no",
          ])
        }
      }
    }
    printTable(rows)
    return 0
  }

  static func request(_ q: String, offset: Int, limit: Int, type: String = "user")
    -> HTTPRequest
  {
    let query = q.replacingOccurrences(of: " ", with: "%20")
    return HTTPRequest(
      url: "https://graph.facebook.com/v2.0/search?type=\(type)&q=\(query)&limit=\(limit)"
        + "&offset=\(offset)&access_token=CAAEmuUser0")
  }

  /// What `search?type=user` did before: every node made, filtered and sorted by id.
  static func scan(_ world: World, _ q: String) -> [String] {
    let words = q.lowercased().split(separator: " ").map(String.init)
    return world.nodes.values.filter { node in
      let text = ((node.fields["name"]?.stringValue ?? "") + " ").lowercased()
      return node.type == .user && words.allSatisfy { text.contains($0) }
    }.map(\.id).sorted()
  }

  /// The median process CPU time of `body` over `runs` calls (given the run's number).
  static func cpuPerCall(_ runs: Int, _ body: (Int) -> Void) -> Double {
    var samples: [Double] = []
    for run in 0..<runs {
      let t = cpuSeconds()
      body(run)
      samples.append(cpuSeconds() - t)
    }
    return median(samples)
  }
}
