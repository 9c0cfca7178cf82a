import Foundation
import GraphAPI
import GraphServer

/// `graph-bench serve`: GraphServer under load. Starts the server in-process on a transport
/// that answers every request with the same small recorded Graph answer, then drives it with
/// `wrk` when it is installed, or else with a bounded loop of keep-alive client threads.
enum ServeBenchmark {
  static let usage = """
    usage: graph-bench serve [--connections N] [--duration SECONDS] [--client wrk|threads]
                             [--io-threads N]
      defaults: 64 connections, 10 seconds, wrk when installed, I/O threads: half the cores
    goal: at least 10,000 requests/s with p99 under 10 ms at 64 connections on 2 cores
    """

  /// The answer every request gets: a user as graph.facebook.com v2.0 returns it.
  struct FixedAnswer: GraphTransport {
    static let body = Array(
      #"{"id":"4","name":"Mark Zuckerberg","first_name":"Mark","last_name":"Zuckerberg","link":"https:\/\/www.facebook.com\/zuck","username":"zuck","gender":"male","locale":"en_US"}"#
        .utf8)
    static let headers: HTTPHeaders = [
      "Content-Type": "application/json; charset=UTF-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "private, no-cache, no-store, must-revalidate",
      "Expires": "Sat, 01 Jan 2000 00:00:00 GMT",
      "Pragma": "no-cache",
      "facebook-api-version": "v2.0",
    ]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(status: 200, headers: Self.headers, body: Self.body)
    }
  }

  struct Result {
    var client: String
    var requests: Int
    var errors: Int
    var seconds: Double
    var p50: Double
    var p99: Double
    /// CPU time the server process used (user + system), when the client is another process.
    var serverCPUSeconds: Double?
    var requestsPerSecond: Double { Double(requests) / seconds }
  }

  static func run(_ arguments: [String]) async -> Int32 {
    var connections = 64
    var duration = 10
    var ioThreads = GraphServer.Configuration.defaultIOThreads
    var client =
      ProcessInfo.processInfo.environment["PATH"].flatMap(findWrk) != nil ? "wrk" : "threads"
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
      switch flag {
      case "--connections": connections = Int(value) ?? 0
      case "--duration": duration = Int(value) ?? 0
      case "--client": client = value
      case "--io-threads": ioThreads = Int(value) ?? 0
      default: return fail("unknown option '\(flag)'")
      }
    }
    guard (1...1000).contains(connections), (1...120).contains(duration),
      ["wrk", "threads"].contains(client), (1...16).contains(ioThreads)
    else {
      return fail(
        "connections must be 1-1000, duration 1-120 s, client wrk or threads, io-threads 1-16")
    }
    let server = GraphServer(
      transport: FixedAnswer(), configuration: GraphServer.Configuration(ioThreads: ioThreads))
    let port: Int
    do { port = try server.start() } catch { return fail("\(error)") }
    defer { server.stop() }
    let url = "http://127.0.0.1:\(port)/v2.0/4?fields=id,name&access_token=bench"
    var result: Result?
    if client == "wrk" {
      let before = cpuSeconds()
      result = runWrk(url: url, connections: connections, duration: duration)
      result?.serverCPUSeconds = cpuSeconds() - before
    } else {
      result = ServeLoadClient(port: port, path: "/v2.0/4?fields=id,name&access_token=bench")
        .run(connections: connections, seconds: Double(duration))
    }
    guard let result else { return fail("the load client failed") }
    let met = result.requestsPerSecond >= 10_000 && result.p99 < 10 && result.errors == 0
    print(
      """
      serve: \(result.client), \(connections) connections, \(duration) s, \
      \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ioThreads) I/O thread\(ioThreads == 1 ? "" : "s")
        requests/s  \(String(format: "%.0f", result.requestsPerSecond))  (\(result.requests) requests, \(result.errors) errors)
        latency     p50 \(String(format: "%.2f", result.p50)) ms   p99 \(String(format: "%.2f", result.p99)) ms
      \(result.serverCPUSeconds.map { String(format: "  server CPU  %.1f µs per request\n", $0 * 1e6 / Double(max(result.requests, 1))) } ?? "")\
        goal (>= 10,000 req/s, p99 < 10 ms, no errors): \(met ? "met" : "MISSED")
      """)
    return 0
  }

  /// Runs wrk and reads its summary.
  static func runWrk(url: String, connections: Int, duration: Int) -> Result? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "wrk", "-t2", "-c\(connections)", "-d\(duration)s", "--latency", "--timeout", "5s", url,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    FileHandle.standardError.write(Data(output.utf8))
    func field(_ prefix: String) -> String? {
      output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
    func milliseconds(_ text: String?) -> Double? {
      guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
      for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
        return Double(text.dropLast(unit.count)).map { $0 * scale }
      }
      return nil
    }
    guard
      let rps = field("Requests/sec:").flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      let p50 = milliseconds(field("50%")), let p99 = milliseconds(field("99%"))
    else { return nil }
    let requests =
      output.split(separator: "\n").first { $0.contains("requests in") }
      .flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? 0
    let non2xx =
      field("Non-2xx or 3xx responses:").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      ?? 0
    let socketErrors = field("Socket errors:") != nil ? 1 : 0
    return Result(
      client: "wrk", requests: requests, errors: non2xx + socketErrors,
      seconds: Double(requests) / rps, p50: p50, p99: p99)
  }

  /// User + system CPU seconds of this process so far (children not included).
  static func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  static func findWrk(_ path: String) -> String? {
    path.split(separator: ":").map { "\($0)/wrk" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("graph-bench serve: \(message)\n\(usage)\n".utf8))
    return 2
  }
}
