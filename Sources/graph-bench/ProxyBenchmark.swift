import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `graph-bench proxy`: what a request costs through `graph-explorer proxy` (CONNECT, TLS 1.3,
/// the emulator behind it), beside the same request to `graph-explorer serve` over plain HTTP
/// and through mitmproxy (`mitmdump`, TLS-terminating like the proxy, forwarding each request
/// to that `serve`), in one run. The client is one curl process sending N requests over one
/// kept-alive connection (one CONNECT and one handshake); wall time per request, and the CPU
/// time per request of the processes that answer (from `/proc`), are the medians of the
/// rounds. Run it inside `unshare -n` with loopback up: nothing may leave the machine.
enum ProxyBenchmark {
  static let summary = "graph-explorer proxy (TLS) vs serve (plain HTTP) vs mitmproxy, per request"

  static let path = "/v2.2/me?fields=id,name&access_token=CAAEmuAlice"

  static func run(_ arguments: [String]) async -> Int32 {
    var requests = 2000
    var rounds = 3
    var mitmdump = ServedProcess.find("mitmdump")
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--requests": requests = rest.popFirst().flatMap { Int($0) } ?? requests
      case "--rounds": rounds = rest.popFirst().flatMap { Int($0) } ?? rounds
      case "--mitmdump": mitmdump = rest.popFirst()
      default:
        fail("usage: graph-bench proxy [--requests N] [--rounds N] [--mitmdump PATH]")
        return 2
      }
    }
    guard let explorer = BenchBinaries.requireGraphExplorer() else { return 1 }
    guard let curl = ServedProcess.find("curl") else {
      fail("curl is needed as the client")
      return 1
    }
    let scratch = NSTemporaryDirectory() + "graph-bench-proxy-\(getpid())"
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    guard
      let serve = ServedProcess.graphExplorer(
        explorer, name: "serve", arguments: ["--log", "off"]),
      let proxy = BenchProcess.start(
        explorer, ["proxy", "--port", "0", "--ca-dir", scratch + "/ca", "--log", "off"])
    else {
      fail("graph-explorer serve or proxy did not start")
      return 1
    }
    defer {
      serve.stop()
      proxy.stop()
    }
    var mitm: BenchProcess?
    if let mitmdump {
      mitm = BenchProcess.mitmdump(mitmdump, folder: scratch, origin: serve.origin)
      if mitm == nil { fail("mitmdump did not start; measuring without it") }
    } else {
      fail("mitmdump not found (pip install mitmproxy; --mitmdump PATH): measuring without it")
    }
    defer { mitm?.stop() }

    var setups: [(name: String, curl: [String], url: String, cpu: () -> Double)] = [
      ("serve (HTTP/1.1, no TLS)", [], serve.origin + path, { serve.cpuSeconds }),
      (
        "graph-explorer proxy (TLS 1.3)",
        ["--proxy", proxy.origin, "--cacert", scratch + "/ca/graph-explorer-ca.pem"],
        "https://graph.facebook.com" + path, { proxy.cpuSeconds }
      ),
    ]
    if let mitm {
      setups.append(
        (
          "mitmproxy \(mitm.version) (TLS 1.3) + serve",
          ["--proxy", mitm.origin, "--cacert", scratch + "/mitm/mitmproxy-ca-cert.pem"],
          "https://graph.facebook.com" + path, { mitm.cpuSeconds + serve.cpuSeconds }
        ))
    }
    var rows: [[String]] = [
      [
        "answered by", "requests", "wall µs/request", "server CPU µs/request",
        "curl CPU µs/request",
      ]
    ]
    for setup in setups {
      let config = scratch + "/urls.txt"
      let lines = String(
        repeating: "url = \"\(setup.url)\"\noutput = \"/dev/null\"\n", count: requests)
      _ = FileManager.default.createFile(atPath: config, contents: Data(lines.utf8))
      var walls: [Double] = []
      var cpus: [Double] = []
      var clients: [Double] = []
      for round in 0...rounds {
        let before = setup.cpu()
        guard let run = ChildRun.spawn([curl, "-sS", "--fail"] + setup.curl + ["-K", config]),
          run.status == 0
        else {
          fail("curl failed against \(setup.name)")
          return 1
        }
        let cpu = setup.cpu() - before
        // Round 0 warms up (leaf certificates, the emulator's answer memo).
        if round == 0 { continue }
        walls.append(run.seconds * 1e6 / Double(requests))
        cpus.append(cpu * 1e6 / Double(requests))
        clients.append(run.cpu * 1e6 / Double(requests))
      }
      rows.append([
        setup.name, String(requests), String(format: "%.0f", median(walls)),
        String(format: "%.0f", median(cpus)), String(format: "%.0f", median(clients)),
      ])
    }
    printTable(rows)
    return 0
  }
}
