import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A server process for `graph-bench proxy` that is not `serve`: `graph-explorer proxy`, or
/// mitmdump; its CPU time read from `/proc` as `ServedProcess` does.
final class BenchProcess {
  let process: Process
  /// `http://127.0.0.1:PORT`.
  let origin: String
  /// The program's version, for the table.
  var version = ""

  init(process: Process, origin: String) {
    self.process = process
    self.origin = origin
  }

  var cpuSeconds: Double {
    ServedProcess(name: "", process: process, origin: origin).cpuSeconds
  }

  /// SIGTERM, then SIGKILL after 5 s (mitmdump may not end on SIGTERM alone).
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Runs `executable ARGUMENTS` and takes the URL from its first line (`... on http://...`).
  static func start(_ executable: String, _ arguments: [String]) -> BenchProcess? {
    guard let (process, origin) = BenchBinaries.startServing(executable, arguments) else {
      return nil
    }
    return BenchProcess(process: process, origin: origin)
  }

  /// mitmdump on a free port, quiet, its CA in `folder/mitm`, connecting upstream only when a
  /// request needs it, with an addon that sends every request to `origin` (a `serve`).
  static func mitmdump(_ executable: String, folder: String, origin: String) -> BenchProcess? {
    guard let port = ServedProcess.freePort(), let serve = URL(string: origin) else { return nil }
    let addon = folder + "/to_serve.py"
    let script = """
      def request(flow):
          flow.request.scheme = "http"
          flow.request.host = "127.0.0.1"
          flow.request.port = \(serve.port ?? 80)
      """
    _ = FileManager.default.createFile(atPath: addon, contents: Data(script.utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "--listen-host", "127.0.0.1", "--listen-port", String(port), "--set",
      "confdir=\(folder)/mitm", "--set", "connection_strategy=lazy", "-q", "-s", addon,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(30)
    while !ServedProcess.canConnect(port)
      || !FileManager.default.fileExists(
        atPath: folder + "/mitm/mitmproxy-ca-cert.pem")
    {
      guard Date() < deadline, process.isRunning else {
        process.terminate()
        return nil
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let bench = BenchProcess(process: process, origin: "http://127.0.0.1:\(port)")
    bench.version = versionOf(executable)
    return bench
  }

  private static func versionOf(_ executable: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").first.map {
      $0.replacingOccurrences(of: "Mitmproxy: ", with: "")
    } ?? ""
  }
}
