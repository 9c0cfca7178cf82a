import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `graph-bench proxy-hostile`: `graph-explorer proxy` under the attacks of issue 44, from
/// outside. N slow clients hold connections open (half send the 4 bytes `CONN`, half a whole
/// CONNECT head and never a handshake), then a fresh curl asks the emulator through the proxy
/// K times: its wall time per request beside the slow ones, and the proxy's CPU while they wait.
/// Then one curl process opens TLS through the proxy to M distinct `*.fbcdn.net` names (one
/// CONNECT, one handshake and one leaf each): the proxy's resident memory before and after.
/// Run it inside `unshare -n` with loopback up: nothing may leave the machine.
enum ProxyHostileBenchmark {
  static let summary = "proxy: a fresh client beside N slow ones, and memory over M host names"

  static func run(_ arguments: [String]) async -> Int32 {
    guard let parsed = BenchArguments(arguments, options: ["--slow", "--names", "--fresh"]),
      parsed.numbers.isEmpty, let slow = parsed.count("--slow", default: 1000),
      let names = parsed.count("--names", default: 10_000),
      let fresh = parsed.count("--fresh", default: 10)
    else {
      fail("usage: graph-bench proxy-hostile [--slow N] [--names M] [--fresh K]")
      return 2
    }
    // The slow clients' sockets, and the proxy's (it inherits the limit).
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(slow + 1024)))
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    guard let explorer = BenchBinaries.requireGraphExplorer(),
      let curl = ServedProcess.find("curl")
    else { return 1 }
    let scratch = NSTemporaryDirectory() + "graph-bench-proxy-hostile-\(getpid())"
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    guard
      let proxy = BenchProcess.start(
        explorer, ["proxy", "--port", "0", "--ca-dir", scratch + "/ca", "--log", "off"]),
      let port = URL(string: proxy.origin)?.port
    else {
      fail("graph-explorer proxy did not start")
      return 1
    }
    defer { proxy.stop() }
    let pid = String(proxy.process.processIdentifier)
    let tls = ["--proxy", proxy.origin, "--cacert", scratch + "/ca/graph-explorer-ca.pem"]
    let me = "https://graph.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice"
    var rows = [["case", "figure"]]

    // A first request: the leaf and the emulator's memo are made before anything is timed.
    _ = ChildRun.spawn([curl, "-sS"] + tls + [me])
    let sockets = (0..<slow).compactMap { n in
      openSlowClient(port: port, head: n % 2 == 0 ? "CONN" : connectHead)
    }
    let cpuBefore = proxy.cpuSeconds
    var walls: [Double] = []
    for _ in 0..<fresh {
      guard let run = ChildRun.spawn([curl, "-sS", "--fail"] + tls + [me]), run.status == 0 else {
        fail("a fresh client got no answer beside \(sockets.count) slow ones")
        break
      }
      walls.append(run.seconds * 1000)
    }
    let cpu = proxy.cpuSeconds - cpuBefore
    rows.append(["slow clients holding a connection", "\(sockets.count)"])
    rows.append([
      "fresh curl beside them, median (max) of \(walls.count)",
      String(format: "%.1f ms (%.1f ms)", median(walls), walls.max() ?? 0),
    ])
    rows.append([
      "each fresh request in turn",
      walls.map { String(format: "%.0f", $0) }.joined(separator: " ") + " ms",
    ])
    rows.append(["proxy CPU while the fresh ones ran", String(format: "%.3f s", cpu)])
    for fd in sockets { close(fd) }

    let before = procStatusBytes("VmRSS", pid: pid) ?? 0
    let config = scratch + "/names.txt"
    let lines = (0..<names).map {
      "url = \"https://n\($0).fbcdn.net/graph-bench.jpg\"\noutput = \"/dev/null\"\n"
    }.joined()
    _ = FileManager.default.createFile(atPath: config, contents: Data(lines.utf8))
    let start = ContinuousClock.now
    guard let run = ChildRun.spawn([curl, "-s"] + tls + ["-K", config]) else {
      fail("curl did not run")
      return 1
    }
    let after = procStatusBytes("VmRSS", pid: pid) ?? 0
    let peak = procStatusBytes("VmHWM", pid: pid) ?? 0
    rows.append([
      "distinct *.fbcdn.net names, one handshake each", "\(names) (curl exit \(run.status))",
    ])
    rows.append(["time for them", String(format: "%.1f s", seconds(since: start))])
    rows.append([
      "proxy RSS before, after (peak)",
      String(
        format: "%.1f MB, %.1f MB (%.1f MB)", Double(before) / 1_048_576,
        Double(after) / 1_048_576, Double(peak) / 1_048_576),
    ])
    printTable(rows)
    return 0
  }

  static let connectHead =
    "CONNECT graph.facebook.com:443 HTTP/1.1\r\nHost: graph.facebook.com:443\r\n\r\n"

  /// A connection to the proxy that sends `head` and then nothing; nil when none could be made.
  static func openSlowClient(port: Int, head: String) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0, send(fd, head, head.utf8.count, 0) == head.utf8.count else {
      close(fd)
      return nil
    }
    return fd
  }
}
