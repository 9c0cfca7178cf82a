import Foundation
import GraphTestSupport
import Testing

/// `graph-explorer proxy` and a client run in a network namespace of their own with only
/// loopback up (`unshare -n`, Tests/Interop/proxy_namespace.sh): a client that could resolve
/// and reach a real host cannot, whatever the proxy does.
struct ProxyNamespace {
  static let interop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop").path

  /// What one run left behind.
  struct Outcome {
    var status: Int32
    /// The client's standard output and error.
    var client: String
    /// The proxy's standard error (its log), ending with `proxy exit N`.
    var log: String
    var scratch: ScratchDirectory
  }

  /// Runs `command` (with `PROXY` and `CA` set) against `graph-explorer proxy PROXYARGS`.
  /// - Parameter scratch: the folder both run in (the CA is made in `ca/` there).
  static func run(
    proxy arguments: [String] = [], command: [String], in scratch: ScratchDirectory,
    environment: [String: String] = [:]
  ) async throws -> Outcome {
    guard let binary = ServeProcess.executable("graph-explorer") else {
      throw ServeProcess.Failure(description: "graph-explorer is not built: run swift build first")
    }
    let script = interop + "/proxy_namespace.sh"
    var env = ProcessInfo.processInfo.environment
    for (name, value) in environment { env[name] = value }
    let run = try await runProgram(
      "/usr/bin/unshare",
      ["-n", "sh", script, binary.path, scratch.path] + arguments + ["--"] + command,
      environment: env)
    let client = (try? String(contentsOfFile: scratch.file("client.out"), encoding: .utf8)) ?? ""
    let log = (try? String(contentsOfFile: scratch.file("proxy.log"), encoding: .utf8)) ?? ""
    return Outcome(status: run.status, client: client + run.error, log: log, scratch: scratch)
  }
}
