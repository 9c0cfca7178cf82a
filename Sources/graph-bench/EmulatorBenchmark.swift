import Foundation
import GraphAPI
import GraphEmulator

/// The emulator at scale: loading a generated world of 1,000,000 people with 20 friends each
/// (time and peak memory), and `GET <id>/friends?limit=100` at page 1 and page 10,000.
enum EmulatorBenchmark {
  static func run(_ arguments: [String]) async -> Int32 {
    let people = arguments.first.flatMap { Int($0) } ?? 1_000_000
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
  static func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
    return 0
  }
}
