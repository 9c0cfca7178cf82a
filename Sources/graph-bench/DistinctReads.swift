import Foundation
import GraphAPI
import GraphEmulator
import GraphLive

/// The distinct reads of `graph-bench serve --answers distinct` (issue 32; the paths are
/// `BenchmarkReads`'): nginx serves each answer's exact bytes as its own static file, so both
/// servers send the same sizes.
struct DistinctReads {
  /// The emulator's request paths (with Alice's token) and nginx's, in the same order.
  var emulatorPaths: [String]
  var nginxPaths: [String]
  /// The emulator's answer to each path, by nginx's path.
  var files: [String: [UInt8]]
  /// Mean body size in bytes.
  var meanBytes: Int

  /// Asks the emulator at `origin` for every path once, so nginx can serve the same bytes.
  static func fetch(from origin: String) async throws -> DistinctReads {
    let transport = CurlTransport()
    let friends = try await transport.send(
      HTTPRequest(.get, url: origin + BenchmarkReads.friendsPath))
    let ids = friendIDs(in: friends.body)
    let emulatorPaths = BenchmarkReads.paths(friendIDs: ids)
    var nginxPaths: [String] = []
    var files: [String: [UInt8]] = [:]
    var total = 0
    for (n, path) in emulatorPaths.enumerated() {
      let answer = try await transport.send(HTTPRequest(.get, url: origin + path))
      guard answer.status == 200 else {
        throw BenchFailure("the emulator answered \(answer.status) to \(path)")
      }
      nginxPaths.append("/d/\(n)")
      files["/d/\(n)"] = answer.body
      total += answer.body.count
    }
    return DistinctReads(
      emulatorPaths: emulatorPaths, nginxPaths: nginxPaths, files: files,
      meanBytes: total / max(1, emulatorPaths.count))
  }

  /// The emulator's own CPU per distinct read, with no HTTP server around it: every path
  /// answered `rounds` times in turn by an in-process emulator on the default world (the
  /// world `serve` starts with), thread CPU time over the total (µs). What the server and
  /// the kernel add is the difference from serve's CPU per request.
  func inProcessMicroseconds(rounds: Int) -> Double {
    Self.inProcessMicroseconds(paths: emulatorPaths, rounds: rounds)
  }

  /// `inProcessMicroseconds(rounds:)` for `paths`.
  static func inProcessMicroseconds(paths: [String], rounds: Int) -> Double {
    let emulator = GraphEmulator()
    let requests = paths.map { HTTPRequest(.get, url: "http://127.0.0.1:9" + $0) }
    for request in requests { _ = emulator.answer(request) }
    let start = ParseBenchmark.threadCPUSeconds()
    for _ in 0..<rounds {
      for request in requests { _ = emulator.answer(request) }
    }
    return (ParseBenchmark.threadCPUSeconds() - start) * 1e6 / Double(rounds * requests.count)
  }

  /// `graph-bench distinct-reads [--rounds N]`: the emulator alone on the distinct reads, in
  /// process (no server, no wrk), so its cost can be profiled and counted
  /// (`valgrind --tool=callgrind`) apart from the server's and the kernel's.
  static func run(_ arguments: [String]) async -> Int32 {
    guard let given = BenchArguments(arguments, options: ["--rounds"]), given.numbers.isEmpty,
      let rounds = given.count("--rounds", default: 20)
    else {
      FileHandle.standardError.write(Data("usage: graph-bench distinct-reads [--rounds N]\n".utf8))
      return 2
    }
    let friends = GraphEmulator().answer(
      HTTPRequest(.get, url: "http://127.0.0.1:9" + BenchmarkReads.friendsPath))
    let paths = BenchmarkReads.paths(friendIDs: friendIDs(in: friends.body))
    let each = inProcessMicroseconds(paths: paths, rounds: rounds)
    print(
      String(
        format: "distinct reads: %d paths x %d rounds, in process: %.2f us CPU each", paths.count,
        rounds, each))
    return 0
  }

  /// The `"id"` values of a `{"data":[{"id":...}]}` answer.
  static func friendIDs(in body: [UInt8]) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let data = object["data"] as? [[String: Any]]
    else { return [] }
    return data.compactMap { $0["id"] as? String }
  }

  /// A wrk script that cycles through `paths` (read from `listFile`, one per line), each of
  /// wrk's threads starting at its own share of the list so two threads do not ask the same
  /// path close together; `pace` adds a delay before each request.
  static func script(listFile: String, pace: Int?) -> String {
    var text = """
      local paths = {}
      for line in io.lines("\(listFile)") do paths[#paths + 1] = line end
      local threads = 0
      function setup(thread)
        threads = threads + 1
        thread:set("number", threads)
      end
      local i = 0
      function init(args)
        i = ((number or 1) - 1) * math.floor(#paths / 2)
      end
      function request()
        i = i + 1
        if i > #paths then i = 1 end
        return wrk.format(nil, paths[i])
      end

      """
    if let pace { text += "function delay()\n  return \(pace)\nend\n" }
    return text
  }
}

/// A benchmark's setup failure, with what failed.
struct BenchFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
