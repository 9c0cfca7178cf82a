import Foundation
import GraphAPI
import GraphCassette
import GraphLive

/// `graph-bench serve`: `graph-explorer serve` against nginx (Debian, one worker, the same
/// bodies as static files), both driven by wrk on loopback. For a replayed answer and an
/// emulator answer, at each connection count, runs are interleaved (nginx, serve, nginx, ...)
/// and the medians reported: requests/s, p99, server CPU per request (from `/proc` of each
/// server's processes) and resident memory. Both servers write their access log to a file.
enum ServeBenchmark {
  static let usage = """
    usage: graph-bench serve [--connections N,N,...] [--duration SECONDS] [--rounds N]
                             [--log file|off] [--pace MS] [--answers A,A,...] [--pin]
      defaults: connections 1,64,512, 5 s per run, 3 rounds, access logs to files,
        answers replayed,emulator,distinct
      --answers: replayed (a one-interaction cassette), emulator (one repeated read, which
        the emulator's answer memo serves), distinct (896 different reads cycled: friend pages
        at every limit and offset, `me` with each field subset, each friend's node; no memo
        hit, every request parsed, routed and rendered; nginx serves each answer's bytes as
        its own file)
      --pin: the servers on the last core and wrk on the others (taskset), so that both
        servers meet the same placement: unpinned, a one-connection run's tail depends on
        whether the scheduler puts wrk beside the server or on the other core
      --pace MS: each connection waits MS ms before each request (a wrk script's delay()), so
        both servers get the same offered load and their p99s compare at the same rate
      needs wrk and nginx (apt-get install wrk nginx) and a release graph-explorer next to
      graph-bench (swift build -c release)
    goal: requests/s at least nginx's, CPU per request and p99 no more than nginx's
      (paced: serve keeps the pace, within 2% of nginx's requests/s, and CPU and p99 as above)
    """

  /// The replayed answer: a user as graph.facebook.com v2.0 returns it (173 bytes).
  static let body = Array(
    #"{"id":"4","name":"Mark Zuckerberg","first_name":"Mark","last_name":"Zuckerberg","link":"https:\/\/www.facebook.com\/zuck","username":"zuck","gender":"male","locale":"en_US"}"#
      .utf8)
  static let headers: HTTPHeaders = [
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "private, no-cache, no-store, must-revalidate",
    "Content-Type": "application/json; charset=UTF-8",
    "Expires": "Sat, 01 Jan 2000 00:00:00 GMT",
    "Pragma": "no-cache",
    "facebook-api-version": "v2.0",
  ]
  static let replayPath = "/v2.0/4?fields=id,name"
  static let emulatorPath = "/v2.0/me?fields=id,name&access_token=CAAEmuAlice"

  struct Result {
    var requests: Int
    var errors: Int
    var requestsPerSecond: Double
    var p99: Double
  }

  struct Sample {
    var requestsPerSecond: Double
    var p99: Double
    var cpuPerRequest: Double
    var residentBytes: Int
    var errors: Int
  }

  static func run(_ arguments: [String]) async -> Int32 {
    var connectionCounts = [1, 64, 512]
    var duration = 5
    var rounds = 3
    var logToFile = true
    var pace: Int?
    var answers = ["replayed", "emulator", "distinct"]
    var pin = false
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      if flag == "--pin" {
        pin = true
        continue
      }
      guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
      switch flag {
      case "--connections": connectionCounts = value.split(separator: ",").compactMap { Int($0) }
      case "--duration": duration = Int(value) ?? 0
      case "--rounds": rounds = Int(value) ?? 0
      case "--pace":
        guard let ms = Int(value), (1...1000).contains(ms) else {
          return fail("--pace is 1-1000 ms")
        }
        pace = ms
      case "--answers":
        answers = value.split(separator: ",").map(String.init)
        guard !answers.isEmpty,
          answers.allSatisfy({ ["replayed", "emulator", "distinct"].contains($0) })
        else { return fail("--answers lists replayed, emulator and distinct") }
      case "--log":
        guard value == "file" || value == "off" else { return fail("--log is file or off") }
        logToFile = value == "file"
      default: return fail("unknown option '\(flag)'")
      }
    }
    guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ (1...4000).contains($0) }),
      (1...120).contains(duration), (1...20).contains(rounds)
    else { return fail("connections must be 1-4000, duration 1-120 s, rounds 1-20") }
    guard let wrk = ServedProcess.find("wrk") else {
      return fail("wrk is not installed: apt-get install wrk")
    }
    guard let nginx = ServedProcess.find("nginx") else {
      return fail("nginx is not installed: apt-get install nginx")
    }
    let explorer = BenchBinaries.graphExplorer
    var script: String?
    if let pace {
      // wrk calls delay() before each request of a connection and waits that many ms.
      let path = NSTemporaryDirectory() + "graph-bench-pace-\(getpid()).lua"
      guard
        FileManager.default.createFile(
          atPath: path, contents: Data("function delay()\n  return \(pace)\nend\n".utf8))
      else { return fail("cannot write the wrk script \(path)") }
      script = path
    }
    defer { if let script { try? FileManager.default.removeItem(atPath: script) } }
    guard BenchBinaries.requireGraphExplorer() != nil else { return 1 }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("graph-bench-serve-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    // The cassette the replay serves, and the servers.
    let cassette = Cassette(interactions: [
      Interaction(
        request: HTTPRequest(.get, url: "https://graph.facebook.com" + replayPath),
        response: HTTPResponse(status: 200, headers: headers, body: body),
        recordedAt: "2026-12-01T00:00:00.000Z")
    ])
    do { try cassette.save(to: scratch + "/replay.json") } catch { return fail("\(error)") }
    func log(_ name: String) -> [String] {
      ["--log", logToFile ? scratch + "/\(name).log" : "off"]
    }
    guard
      let replay = ServedProcess.graphExplorer(
        explorer, name: "serve --replay",
        arguments: ["--replay", scratch + "/replay.json"] + log("replay")),
      let emulator = ServedProcess.graphExplorer(
        explorer, name: "serve (emulator)", arguments: log("emulator"))
    else { return fail("graph-explorer serve did not start") }
    defer {
      replay.stop()
      emulator.stop()
    }
    // nginx serves the emulator's answer body as it is.
    let emulatorBody: [UInt8]
    do {
      emulatorBody = try await CurlTransport().send(
        HTTPRequest(.get, url: emulator.origin + emulatorPath)
      ).body
    } catch { return fail("the emulator did not answer: \(error)") }
    // The distinct reads: each answer fetched once, nginx given the same bytes.
    var distinct: DistinctReads?
    var distinctScripts: (ours: String, theirs: String)?
    if answers.contains("distinct") {
      do {
        let reads = try await DistinctReads.fetch(from: emulator.origin)
        var scripts: [String] = []
        for (name, paths) in [("emulator", reads.emulatorPaths), ("nginx", reads.nginxPaths)] {
          let list = scratch + "/\(name)-paths.txt"
          let script = scratch + "/\(name)-distinct.lua"
          try Data((paths.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: list))
          try Data(DistinctReads.script(listFile: list, pace: pace).utf8)
            .write(to: URL(fileURLWithPath: script))
          scripts.append(script)
        }
        distinct = reads
        distinctScripts = (scripts[0], scripts[1])
      } catch { return fail("the distinct reads could not be prepared: \(error)") }
    }
    guard
      let peer = ServedProcess.nginx(
        nginx, folder: scratch,
        files: ["/replay": body, "/emulator": emulatorBody].merging(distinct?.files ?? [:]) {
          first, _ in first
        })
    else { return fail("nginx did not start (see \(scratch)/nginx-error.log)") }
    defer { peer.stop() }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let clientCPUs = pin && cores > 1 ? "0-\(cores - 2)" : nil
    if pin {
      guard cores > 1 else { return fail("--pin needs at least two cores") }
      for server in [replay, emulator, peer] {
        for pid in server.pids where !pinProcess(pid, cpus: "\(cores - 1)") {
          return fail("taskset could not pin \(server.name) (pid \(pid))")
        }
      }
    }

    typealias Case = (
      answer: String, ours: ServedProcess, ourPath: String, peerPath: String, ourScript: String?,
      peerScript: String?
    )
    var cases: [Case] = []
    if answers.contains("replayed") {
      cases.append(("replayed", replay, replayPath, "/replay", script, script))
    }
    if answers.contains("emulator") {
      cases.append(("emulator", emulator, emulatorPath, "/emulator", script, script))
    }
    if let distinctScripts {
      cases.append(("distinct", emulator, "/", "/", distinctScripts.ours, distinctScripts.theirs))
    }
    print(
      """
      serve: wrk, \(duration) s per run, \(rounds) rounds interleaved (nginx, serve, ...), \
      \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())
      answers: replayed \(body.count) bytes, emulator \(emulatorBody.count) bytes\
      \(distinct.map { ", distinct \($0.emulatorPaths.count) reads of \($0.meanBytes) bytes on average" } ?? ""); \
      access logs \(logToFile ? "to files" : "off")\
      \(clientCPUs.map { "; pinned: servers on CPU \(cores - 1), wrk on CPU \($0)" } ?? "")\(pace.map { "; paced: \($0) ms before each request of a connection" } ?? "")
      """)
    var rows = [["answer", "conns", "server", "req/s", "p99 ms", "CPU us/req", "RSS MB", "errors"]]
    var verdicts: [String] = []
    var allMet = true
    for item in cases {
      for connections in connectionCounts {
        var samples: [String: [Sample]] = ["nginx": [], "serve": []]
        for _ in 0..<rounds {
          for (key, server, path, script) in [
            ("nginx", peer, item.peerPath, item.peerScript),
            ("serve", item.ours, item.ourPath, item.ourScript),
          ] {
            let before = server.cpuSeconds
            guard
              let result = runWrk(
                wrk, url: server.origin + path, connections: connections, duration: duration,
                script: script, cpus: clientCPUs)
            else { return fail("wrk failed against \(server.name)") }
            let cpu = server.cpuSeconds - before
            samples[key]!.append(
              Sample(
                requestsPerSecond: result.requestsPerSecond, p99: result.p99,
                cpuPerRequest: cpu * 1e6 / Double(max(result.requests, 1)),
                residentBytes: server.residentBytes, errors: result.errors))
          }
        }
        func summary(_ key: String) -> Sample {
          let list = samples[key]!
          return Sample(
            requestsPerSecond: median(list.map(\.requestsPerSecond)),
            p99: median(list.map(\.p99)), cpuPerRequest: median(list.map(\.cpuPerRequest)),
            residentBytes: list.map(\.residentBytes).max() ?? 0,
            errors: list.map(\.errors).reduce(0, +))
        }
        let theirs = summary("nginx")
        let ours = summary("serve")
        for (name, sample) in [("nginx", theirs), (item.ours.name, ours)] {
          rows.append([
            item.answer, String(connections), name,
            String(format: "%.0f", sample.requestsPerSecond), String(format: "%.2f", sample.p99),
            String(format: "%.1f", sample.cpuPerRequest),
            String(format: "%.1f", Double(sample.residentBytes) / 1_048_576),
            String(sample.errors),
          ])
        }
        let speed = ours.requestsPerSecond / max(theirs.requestsPerSecond, 1)
        let cpu = ours.cpuPerRequest / max(theirs.cpuPerRequest, 0.001)
        let p99 = ours.p99 / max(theirs.p99, 0.001)
        let met = speed >= (pace == nil ? 1 : 0.98) && cpu <= 1 && p99 <= 1 && ours.errors == 0
        allMet = allMet && met
        verdicts.append(
          String(
            format: "  %@ at %d: req/s %.2fx nginx, CPU/req %.2fx, p99 %.2fx: %@", item.answer,
            connections, speed, cpu, p99, met ? "met" : "MISSED"))
      }
    }
    printTable(rows)
    if let distinct {
      print(
        String(
          format:
            "distinct reads in process (the emulator alone, no HTTP, one thread): %.1f us CPU each",
          distinct.inProcessMicroseconds(rounds: 20)))
    }
    print(
      pace == nil
        ? "goal (req/s >= nginx, CPU/req <= nginx, p99 <= nginx, no errors):"
        : "goal at the same pace (req/s >= 0.98x nginx, CPU/req <= nginx, p99 <= nginx, no errors):"
    )
    for line in verdicts { print(line) }
    print("all \(allMet ? "met" : "not met"); load average now \(loadAverage())")
    return 0
  }

  /// Runs wrk and reads its summary.
  static func runWrk(
    _ wrk: String, url: String, connections: Int, duration: Int, script: String? = nil,
    cpus: String? = nil
  ) -> Result? {
    let process = Process()
    var prefix: [String] = []
    if let cpus, let taskset = ServedProcess.find("taskset") {
      process.executableURL = URL(fileURLWithPath: taskset)
      prefix = ["-c", cpus, wrk]
    } else {
      process.executableURL = URL(fileURLWithPath: wrk)
    }
    process.arguments =
      prefix + [
        "-t\(min(2, connections))", "-c\(connections)", "-d\(duration)s", "--latency",
        "--timeout", "5s",
      ] + (script.map { ["-s", $0] } ?? []) + [url]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
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
      let p99 = milliseconds(field("99%"))
    else { return nil }
    let requests =
      output.split(separator: "\n").first { $0.contains("requests in") }
      .flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? 0
    let non2xx =
      field("Non-2xx or 3xx responses:").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      ?? 0
    let socketErrors = field("Socket errors:") != nil ? 1 : 0
    return Result(
      requests: requests, errors: non2xx + socketErrors, requestsPerSecond: rps, p99: p99)
  }

  /// Pins every thread of process `pid` to `cpus` (`taskset -a -c -p`).
  static func pinProcess(_ pid: Int32, cpus: String) -> Bool {
    guard let taskset = ServedProcess.find("taskset") else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: taskset)
    process.arguments = ["-a", "-c", "-p", cpus, String(pid)]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("graph-bench serve: \(message)\n\(usage)\n".utf8))
    return 2
  }
}
