import Foundation
import GraphAPI
import GraphCassette

#if canImport(Glibc)
  import Glibc
#endif

/// `graph-bench proxy`: what `graph-explorer proxy` (CONNECT, TLS 1.3, the emulator or a replay
/// behind it) costs beside the same requests to `graph-explorer serve` over plain HTTP and
/// through mitmproxy (`mitmdump`, TLS-terminating like the proxy, forwarding each request to
/// that `serve`), in one run, peer after peer for each row. Three cases: N small requests over
/// one kept-alive connection (one CONNECT, one handshake); H requests each on a new connection
/// (`Connection: close`, and through TLS a full handshake each: curl keeps no session); and L
/// downloads of a 1 MiB and a 10 MiB answer (replayed from a cassette, so the answer costs
/// nothing to make) over one connection. The client is one curl process per round; wall time,
/// the answering processes' CPU time (from `/proc/PID/stat`, every thread counted, those that
/// ended too) and curl's are the medians of the rounds after a warm-up round. Run it inside
/// `unshare -n` with loopback up: nothing may leave the machine.
enum ProxyBenchmark {
  static let summary =
    "graph-explorer proxy (TLS) vs serve (plain HTTP) vs mitmproxy: requests, handshakes, 1 and 10 MiB answers"
  static let usage =
    "usage: graph-bench proxy [--requests N] [--handshakes N] [--large N] [--rounds N] [--mitmdump PATH]"

  static let path = "/v2.2/me?fields=id,name&access_token=CAAEmuAlice"
  /// The large answers: a path each and its size.
  static let large = [("/v2.2/graph-bench-1mib", 1 << 20), ("/v2.2/graph-bench-10mib", 10 << 20)]

  /// One way of asking: curl's arguments and where the URL starts, and the answering
  /// processes' CPU seconds so far.
  struct Peer {
    var name: String
    var curl: [String]
    var origin: String
    var cpu: () -> Double
  }

  /// Medians per request over the rounds: wall, answering CPU and curl CPU, in seconds.
  struct Cost {
    var wall: Double, server: Double, client: Double
  }

  static func run(_ arguments: [String]) async -> Int32 {
    let options: Set = ["--requests", "--handshakes", "--large", "--rounds", "--mitmdump"]
    guard let parsed = BenchArguments(arguments, options: options), parsed.numbers.isEmpty,
      let requests = parsed.count("--requests", default: 2000),
      let handshakes = parsed.count("--handshakes", default: 300),
      let downloads = parsed.count("--large", default: 20),
      let rounds = parsed.count("--rounds", default: 3)
    else {
      fail(usage)
      return 2
    }
    guard let explorer = BenchBinaries.requireGraphExplorer() else { return 1 }
    guard let curl = ServedProcess.find("curl") else {
      fail("curl is needed as the client")
      return 1
    }
    let mitmdump = parsed.values["--mitmdump"] ?? ServedProcess.find("mitmdump")
    let scratch = NSTemporaryDirectory() + "graph-bench-proxy-\(getpid())"
    try? FileManager.default.createDirectory(
      atPath: scratch + "/large", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    do { try largeCassette().save(to: scratch + "/large.json") } catch {
      fail("cannot write the cassette: \(error)")
      return 1
    }
    var started: [BenchProcess] = []
    defer { started.forEach { $0.stop() } }
    // The emulator behind each peer, and a replay of the large answers behind each.
    var emulated: [Peer] = []
    var replayed: [Peer] = []
    for (replay, folder) in [
      ([String](), scratch), (["--replay", scratch + "/large.json"], scratch + "/large"),
    ] {
      guard
        let serve = BenchProcess.start(
          explorer, ["serve", "--port", "0", "--log", "off"] + replay),
        let proxy = BenchProcess.start(
          explorer,
          ["proxy", "--port", "0", "--ca-dir", scratch + "/ca", "--log", "off"] + replay)
      else {
        fail("graph-explorer serve or proxy did not start")
        return 1
      }
      started += [serve, proxy]
      var peers = [
        Peer(name: "serve (HTTP/1.1, no TLS)", curl: [], origin: serve.origin) {
          serve.cpuSeconds
        },
        Peer(
          name: "graph-explorer proxy (TLS 1.3)",
          curl: ["--proxy", proxy.origin, "--cacert", scratch + "/ca/graph-explorer-ca.pem"],
          origin: "https://graph.facebook.com"
        ) { proxy.cpuSeconds },
      ]
      if let mitmdump {
        if let mitm = BenchProcess.mitmdump(mitmdump, folder: folder, origin: serve.origin) {
          started.append(mitm)
          peers.append(
            Peer(
              name: "mitmproxy \(mitm.version) (TLS 1.3) + serve",
              curl: ["--proxy", mitm.origin, "--cacert", folder + "/mitm/mitmproxy-ca-cert.pem"],
              origin: "https://graph.facebook.com"
            ) { mitm.cpuSeconds + serve.cpuSeconds })
        } else {
          fail("mitmdump did not start; measuring without it")
        }
      }
      if replay.isEmpty { emulated = peers } else { replayed = peers }
    }
    if mitmdump == nil {
      fail("mitmdump not found (pip install mitmproxy; --mitmdump PATH): measuring without it")
    }
    let measure = { (peer: Peer, path: String, count: Int, extra: [String]) -> Cost? in
      cost(
        peer, url: peer.origin + path, count: count, extra: extra, rounds: rounds,
        curl: curl, scratch: scratch)
    }

    print("\(requests) requests over one kept-alive connection (\(path)):")
    var rows = [
      [
        "answered by", "requests/s", "wall µs/request", "server CPU µs/request",
        "curl CPU µs/request",
      ]
    ]
    for peer in emulated {
      guard let cost = measure(peer, path, requests, []) else { return 1 }
      rows.append([
        peer.name, rate(cost.wall), String(format: "%.0f", cost.wall * 1e6),
        String(format: "%.0f", cost.server * 1e6), String(format: "%.0f", cost.client * 1e6),
      ])
    }
    printTable(rows)

    print("\n\(handshakes) requests, each on a new connection (through TLS, a full handshake):")
    rows = [
      [
        "answered by", "connections (TLS: handshakes)/s", "server CPU µs/connection",
        "connections (handshakes) per server CPU s", "curl CPU µs/connection",
      ]
    ]
    for peer in emulated {
      let fresh = ["-H", "Connection: close", "--no-sessionid"]
      guard let cost = measure(peer, path, handshakes, fresh) else { return 1 }
      rows.append([
        peer.name, rate(cost.wall),
        String(format: "%.0f", cost.server * 1e6), rate(cost.server),
        String(format: "%.0f", cost.client * 1e6),
      ])
    }
    printTable(rows)

    print(
      "\n\(downloads) downloads of each large answer over one kept-alive connection (replayed):")
    rows = [
      [
        "answered by", "answer", "wall ms/answer", "MiB/s (wall)", "server CPU ms/answer",
        "curl CPU ms/answer",
      ]
    ]
    for (largePath, size) in large {
      for peer in replayed {
        guard let cost = measure(peer, largePath, downloads, []) else { return 1 }
        rows.append([
          peer.name, "\(size >> 20) MiB", String(format: "%.1f", cost.wall * 1e3),
          String(format: "%.0f", Double(size) / 1_048_576 / cost.wall),
          String(format: "%.2f", cost.server * 1e3), String(format: "%.2f", cost.client * 1e3),
        ])
      }
    }
    printTable(rows)
    return 0
  }

  /// `count` requests for `url` from one curl process per round (round 0 warms up: leaf
  /// certificates, the emulator's memo); nil after saying so when curl failed.
  static func cost(
    _ peer: Peer, url: String, count: Int, extra: [String], rounds: Int, curl: String,
    scratch: String
  ) -> Cost? {
    let config = scratch + "/urls.txt"
    let lines = String(repeating: "url = \"\(url)\"\noutput = \"/dev/null\"\n", count: count)
    _ = FileManager.default.createFile(atPath: config, contents: Data(lines.utf8))
    var walls: [Double] = []
    var servers: [Double] = []
    var clients: [Double] = []
    for round in 0...rounds {
      let before = peer.cpu()
      guard
        let run = ChildRun.spawn([curl, "-sS", "--fail"] + peer.curl + extra + ["-K", config]),
        run.status == 0
      else {
        fail("curl failed against \(peer.name) for \(url)")
        return nil
      }
      let server = peer.cpu() - before
      if round == 0 { continue }
      walls.append(run.seconds / Double(count))
      servers.append(server / Double(count))
      clients.append(run.cpu / Double(count))
    }
    return Cost(wall: median(walls), server: median(servers), client: median(clients))
  }

  /// How many a second at `seconds` each; a dash when it was below the clock's resolution
  /// (`/proc` counts CPU in 10 ms ticks: too few requests may measure none).
  static func rate(_ seconds: Double) -> String {
    seconds > 0 ? String(format: "%.0f", 1 / seconds) : "-"
  }

  /// A cassette of the large answers: JSON objects of exactly their sizes.
  static func largeCassette() -> Cassette {
    Cassette(
      interactions: large.map { path, size in
        let prefix = Array(#"{"data":""#.utf8)
        let body =
          prefix + [UInt8](repeating: UInt8(ascii: "a"), count: size - prefix.count - 2)
          + Array(#""}"#.utf8)
        return Interaction(
          request: HTTPRequest(.get, url: "https://graph.facebook.com" + path),
          response: HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: body),
          recordedAt: "2026-12-05T00:00:00.000Z")
      }, recordedWith: "graph-bench")
  }
}
