import Foundation
import GraphAPI
import GraphLive

/// `graph-bench serve-record`: what `serve --record` costs a client's test suite. wrk sends the
/// same request mix (serve's emulator read) to `graph-explorer serve` (the emulator answers),
/// to `graph-explorer serve --record CASSETTE` (the same emulator answers, every exchange
/// recorded: what recording itself costs) and to `graph-explorer serve --record CASSETTE
/// --upstream` a second emulator `serve` (the recorder forwards, records and answers),
/// interleaved run by run; each round records into a fresh cassette from a fresh recorder. Reported: requests/s and the server's CPU per request
/// (user + system from `/proc`), the recorder's alone and with its upstream's, and the ratio
/// of each to plain `serve`'s. Beside them, in the same rounds, the floor of forwarding: nginx
/// serving the same answer's bytes as a static file, and nginx as a reverse proxy
/// (`proxy_pass`, kept-alive upstream connections) to the same upstream, its ratios to nginx's
/// static serving.
enum ServeRecordBenchmark {
  static let summary = "serve --record (the emulator's, and forwarding to a serve) vs serve"
  static let usage = """
    usage: graph-bench serve-record [--connections N,N,...] [--duration SECONDS] [--rounds N]
                                    [--answers same|distinct]
      defaults: connections 1,64, 5 s per run, 3 rounds, the same read each time; needs wrk
      and a release graph-explorer next to graph-bench; with nginx installed, nginx static and
      nginx proxy_pass rows beside them. --answers distinct: wrk cycles through serve's
      distinct reads (every answer different), serve and the emulator recorded only
    goal: serve --record within 2x of serve's requests/s and CPU per request (the emulator
      recorded: the same work as serve; forwarded: beside nginx proxy_pass)
    """

  /// One wrk run's figures: requests/s, the server's CPU µs per request, with the upstream's.
  struct Sample {
    var rps: Double
    var cpu: Double
    var total: Double
    var errors: Int
  }

  /// Runs wrk at `server` and reads the CPU it and `upstream` spent.
  static func measure(
    _ wrk: String, _ server: ServedProcess, path: String, upstream: ServedProcess?,
    connections: Int, duration: Int, script: String? = nil
  ) -> Sample? {
    let before = server.cpuSeconds
    let upstreamBefore = upstream?.cpuSeconds ?? 0
    guard
      let result = ServeBenchmark.runWrk(
        wrk, url: server.origin + path, connections: connections, duration: duration,
        script: script)
    else { return nil }
    let cpu = server.cpuSeconds - before
    let upstreamCPU = (upstream?.cpuSeconds ?? 0) - upstreamBefore
    let requests = Double(max(result.requests, 1))
    return Sample(
      rps: result.requestsPerSecond, cpu: cpu * 1e6 / requests,
      total: (cpu + upstreamCPU) * 1e6 / requests, errors: result.errors)
  }

  /// The table's row for `samples`, with ratios to `base`'s medians.
  static func row(
    _ connections: Int, _ name: String, _ samples: [Sample], base: [Sample], upstream: Bool,
    recorded: String = ""
  ) -> [String] {
    let rps = median(samples.map(\.rps))
    let cpu = median(samples.map(\.cpu))
    return [
      String(connections), name, String(format: "%.0f", rps), String(format: "%.1f", cpu),
      upstream ? String(format: "%.1f", median(samples.map(\.total))) : "",
      String(format: "%.2f", rps / max(median(base.map(\.rps)), 1)),
      String(format: "%.2f", cpu / max(median(base.map(\.cpu)), 0.001)), recorded,
      String(samples.map(\.errors).reduce(0, +)),
    ]
  }

  static func run(_ arguments: [String]) async -> Int32 {
    var connectionCounts = [1, 64]
    var duration = 5
    var rounds = 3
    var distinct = false
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
      switch flag {
      case "--connections": connectionCounts = value.split(separator: ",").compactMap { Int($0) }
      case "--duration": duration = Int(value) ?? 0
      case "--rounds": rounds = Int(value) ?? 0
      case "--answers":
        guard value == "same" || value == "distinct" else {
          return fail("--answers is same or distinct")
        }
        distinct = value == "distinct"
      default: return fail("unknown option '\(flag)'")
      }
    }
    guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ (1...1000).contains($0) }),
      (1...120).contains(duration), (1...20).contains(rounds)
    else { return fail("connections must be 1-1000, duration 1-120 s, rounds 1-20") }
    guard let wrk = ServedProcess.find("wrk"), let explorer = BenchBinaries.requireGraphExplorer()
    else { return fail("needs wrk (apt-get install wrk) and a release graph-explorer") }
    let scratch = NSTemporaryDirectory() + "graph-bench-serve-record-\(getpid())"
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    guard
      let plain = ServedProcess.graphExplorer(
        explorer, name: "serve", arguments: ["--log", scratch + "/plain.log"]),
      let upstream = ServedProcess.graphExplorer(
        explorer, name: "upstream", arguments: ["--log", scratch + "/upstream.log"])
    else { return fail("graph-explorer serve did not start") }
    defer {
      plain.stop()
      upstream.stop()
    }
    var path = ServeBenchmark.emulatorPath
    // Distinct reads: a wrk script cycling through them, the same for serve and the recorder.
    var script: String?
    if distinct {
      do {
        let reads = try await DistinctReads.fetch(from: plain.origin)
        let list = scratch + "/distinct-paths.txt"
        script = scratch + "/distinct.lua"
        try Data((reads.emulatorPaths.joined(separator: "\n") + "\n").utf8).write(
          to: URL(fileURLWithPath: list))
        try Data(DistinctReads.script(listFile: list, pace: nil).utf8)
          .write(to: URL(fileURLWithPath: script!))
        path = "/"
        print(
          "distinct reads: \(reads.emulatorPaths.count) paths, answers of \(reads.meanBytes) bytes"
            + " on average")
      } catch { return fail("the distinct reads could not be prepared: \(error)") }
    }
    // The peers: nginx serving the upstream's answer as a file, and proxying to the upstream.
    var peers: (files: ServedProcess, proxy: ServedProcess)?
    if !distinct, let nginx = ServedProcess.find("nginx") {
      guard
        let body = try? await CurlTransport().send(HTTPRequest(.get, url: upstream.origin + path))
          .body,
        let files = ServedProcess.nginx(
          nginx, folder: scratch + "/nginx-files", files: ["/v2.0/me": body]),
        let proxy = ServedProcess.nginx(
          nginx, folder: scratch + "/nginx-proxy", files: [:], upstream: upstream.origin)
      else { return fail("nginx did not start (see \(scratch)/nginx-*/nginx-error.log)") }
      peers = (files, proxy)
    }
    defer {
      peers?.files.stop()
      peers?.proxy.stop()
    }
    print(
      """
      serve-record: wrk \(path), \(duration) s per run, \(rounds) rounds interleaved \
      (serve, serve --record, ...), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
      load average \(ServeBenchmark.loadAverage()); access logs to files
      """)
    var rows = [
      [
        "conns", "server", "req/s", "CPU us/req", "+ upstream us/req", "req/s ×", "CPU ×",
        "interactions", "errors",
      ]
    ]
    var verdicts: [String] = []
    for connections in connectionCounts {
      var plainRuns: [(rps: Double, cpu: Double, errors: Int)] = []
      var recordRuns: [(rps: Double, cpu: Double, total: Double, errors: Int, recorded: Int)] = []
      var fileRuns: [Sample] = []
      var ownRuns: [(sample: Sample, recorded: Int)] = []
      var proxyRuns: [Sample] = []
      for round in 0..<rounds {
        let before = plain.cpuSeconds
        guard
          let result = ServeBenchmark.runWrk(
            wrk, url: plain.origin + path, connections: connections, duration: duration,
            script: script)
        else { return fail("wrk failed against serve") }
        plainRuns.append(
          (
            result.requestsPerSecond,
            (plain.cpuSeconds - before) * 1e6 / Double(max(result.requests, 1)), result.errors
          ))
        guard
          let own = recordEmulator(
            wrk, explorer, cassette: scratch + "/emulator-\(connections)-\(round).json",
            log: scratch + "/record-emulator.log", path: path, connections: connections,
            duration: duration, script: script)
        else { return fail("serve --record (the emulator) did not start or wrk failed") }
        ownRuns.append(own)
        // The forwarding recorder and nginx are measured on the one read only.
        if distinct { continue }
        let cassette = scratch + "/round-\(connections)-\(round).json"
        guard
          let recorder = ServedProcess.graphExplorer(
            explorer, name: "serve --record --upstream",
            arguments: [
              "--record", cassette, "--upstream", upstream.origin, "--log",
              scratch + "/record.log",
            ])
        else { return fail("graph-explorer serve --record did not start") }
        let recorderBefore = recorder.cpuSeconds
        let upstreamBefore = upstream.cpuSeconds
        let recorded = ServeBenchmark.runWrk(
          wrk, url: recorder.origin + path, connections: connections, duration: duration)
        let recorderCPU = recorder.cpuSeconds - recorderBefore
        let upstreamCPU = upstream.cpuSeconds - upstreamBefore
        recorder.stop()
        guard let recorded else { return fail("wrk failed against serve --record") }
        let interactions =
          (try? Data(contentsOf: URL(fileURLWithPath: cassette)))
          .map { countInteractions($0) } ?? 0
        unlink(cassette)
        let requests = Double(max(recorded.requests, 1))
        recordRuns.append(
          (
            recorded.requestsPerSecond, recorderCPU * 1e6 / requests,
            (recorderCPU + upstreamCPU) * 1e6 / requests, recorded.errors, interactions
          ))
        if let peers {
          guard
            let files = measure(
              wrk, peers.files, path: path, upstream: nil, connections: connections,
              duration: duration),
            let proxy = measure(
              wrk, peers.proxy, path: path, upstream: upstream, connections: connections,
              duration: duration)
          else { return fail("wrk failed against nginx") }
          fileRuns.append(files)
          proxyRuns.append(proxy)
        }
      }
      let plainRPS = median(plainRuns.map(\.rps))
      let plainCPU = median(plainRuns.map(\.cpu))
      rows.append([
        String(connections), "serve", String(format: "%.0f", plainRPS),
        String(format: "%.1f", plainCPU), "", "1.00", "1.00", "",
        String(plainRuns.map(\.errors).reduce(0, +)),
      ])
      let plainSamples = plainRuns.map {
        Sample(rps: $0.rps, cpu: $0.cpu, total: $0.cpu, errors: $0.errors)
      }
      rows.append(
        row(
          connections, "serve --record (emulator)", ownRuns.map(\.sample), base: plainSamples,
          upstream: false,
          recorded: String(Int(median(ownRuns.map { Double($0.recorded) })))))
      verdicts.append(
        verdict(
          connections, "serve --record (emulator)", ownRuns.map(\.sample), base: plainSamples))
      if distinct { continue }
      let rps = median(recordRuns.map(\.rps))
      let cpu = median(recordRuns.map(\.cpu))
      rows.append([
        String(connections), "serve --record --upstream", String(format: "%.0f", rps),
        String(format: "%.1f", cpu), String(format: "%.1f", median(recordRuns.map(\.total))),
        String(format: "%.2f", rps / max(plainRPS, 1)),
        String(format: "%.2f", cpu / max(plainCPU, 0.001)),
        String(Int(median(recordRuns.map { Double($0.recorded) }))),
        String(recordRuns.map(\.errors).reduce(0, +)),
      ])
      if !fileRuns.isEmpty {
        rows.append(row(connections, "nginx (file)", fileRuns, base: fileRuns, upstream: false))
        rows.append(
          row(connections, "nginx proxy_pass", proxyRuns, base: fileRuns, upstream: true))
      }
      let met = plainRPS / max(rps, 1) <= 2 && cpu / max(plainCPU, 0.001) <= 2
      verdicts.append(
        String(
          format: "  at %d, forwarding: req/s %.2fx serve, CPU/req %.2fx: %@", connections,
          rps / max(plainRPS, 1), cpu / max(plainCPU, 0.001), met ? "met" : "MISSED"))
    }
    printTable(rows)
    if peers != nil {
      print("nginx rows: ratios to nginx serving the same bytes as a file")
    }
    print("goal (serve --record within 2x of serve's req/s and CPU/req):")
    for line in verdicts { print(line) }
    print("load average now \(ServeBenchmark.loadAverage())")
    return 0
  }

  /// One wrk run against `serve --record CASSETTE` without an upstream (the emulator's answers
  /// recorded), and the interactions the cassette holds afterwards.
  static func recordEmulator(
    _ wrk: String, _ explorer: String, cassette: String, log: String, path: String,
    connections: Int, duration: Int, script: String? = nil
  ) -> (sample: Sample, recorded: Int)? {
    guard
      let server = ServedProcess.graphExplorer(
        explorer, name: "serve --record (emulator)",
        arguments: ["--record", cassette, "--log", log])
    else { return nil }
    let sample = measure(
      wrk, server, path: path, upstream: nil, connections: connections, duration: duration,
      script: script)
    server.stop()
    defer { unlink(cassette) }
    guard let sample else { return nil }
    let recorded =
      (try? Data(contentsOf: URL(fileURLWithPath: cassette))).map { countInteractions($0) } ?? 0
    return (sample, recorded)
  }

  /// `  at 64, serve --record (emulator): req/s 0.80x serve, CPU/req 1.90x: met`.
  static func verdict(_ connections: Int, _ name: String, _ samples: [Sample], base: [Sample])
    -> String
  {
    let rps = median(samples.map(\.rps)) / max(median(base.map(\.rps)), 1)
    let cpu = median(samples.map(\.cpu)) / max(median(base.map(\.cpu)), 0.001)
    return String(
      format: "  at %d, %@: req/s %.2fx serve, CPU/req %.2fx: %@", connections, name, rps, cpu,
      rps >= 0.5 && cpu <= 2 ? "met" : "MISSED")
  }

  /// The interactions in a native cassette: its `"recorded_at"` members.
  static func countInteractions(_ data: Data) -> Int {
    let key = Array(#""recorded_at""#.utf8)
    let bytes = [UInt8](data)
    var count = 0
    var i = 0
    while i + key.count <= bytes.count {
      if bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) {
        count += 1
        i += key.count
      } else {
        i += 1
      }
    }
    return count
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("graph-bench serve-record: \(message)\n\(usage)\n".utf8))
    return 2
  }
}
