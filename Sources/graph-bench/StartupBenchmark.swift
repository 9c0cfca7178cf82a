import Foundation

/// `graph-bench startup`: time from start to the first prompt of `graph-explorer` (release
/// build, on a pseudo-terminal, so it is the interactive REPL with libedit), side by side with
/// `http --version` (HTTPie) and http-prompt's start to its prompt; and the resident memory of
/// each waiting at its prompt (VmRSS) and its peak until then (VmHWM), from /proc/PID/status.
enum StartupBenchmark {
  static let summary =
    "time to the REPL's first prompt, and its memory there, vs http --version and http-prompt"

  static func run(_ arguments: [String]) async -> Int32 {
    var runs = 20
    var httpie = "http"
    var httpPrompt = "http-prompt"
    var i = 0
    while i < arguments.count {
      let value = i + 1 < arguments.count ? arguments[i + 1] : ""
      switch arguments[i] {
      case "--runs": runs = Int(value) ?? runs
      case "--http": httpie = value
      case "--http-prompt": httpPrompt = value
      default:
        fail("usage: graph-bench startup [--runs N] [--http PATH] [--http-prompt PATH]")
        return 2
      }
      i += 2
    }
    guard let explorer = BenchBinaries.requireGraphExplorer() else { return 2 }
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("startup-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = [
      "HOME": home, "TERM": "xterm", "LANG": "C.UTF-8",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    var rows: [[String]] = [
      ["program", "median to prompt", "min", "max", "RSS at prompt", "peak RSS", "runs"]
    ]
    var results: [String: [Sample]] = [:]
    let subjects: [(name: String, command: [String], prompt: String?)] = [
      ("graph-explorer (first prompt)", [explorer], "graph> "),
      ("http --version (HTTPie)", [resolve(httpie)], nil),
      ("http-prompt (first prompt)", [resolve(httpPrompt)], "localhost:8000> "),
    ]
    // Interleaved, so that the machine's load falls on every program alike.
    for _ in 0..<runs {
      for subject in subjects {
        guard let sample = measure(subject.command, prompt: subject.prompt, environment) else {
          continue
        }
        results[subject.name, default: []].append(sample)
      }
    }
    for subject in subjects {
      let samples = results[subject.name] ?? []
      guard !samples.isEmpty else {
        rows.append([subject.name, "not run (not found or no prompt)", "", "", "", "", "0"])
        continue
      }
      let times = samples.map(\.seconds)
      rows.append([
        subject.name, ms(median(times)), ms(times.min() ?? 0), ms(times.max() ?? 0),
        megabytes(samples.compactMap(\.resident)), megabytes(samples.compactMap(\.peak)),
        "\(times.count)",
      ])
    }
    printTable(rows)
    return 0
  }

  private static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

  /// The median of `bytes` in MB, or `-` (a program measured to its exit has no prompt).
  private static func megabytes(_ bytes: [Int]) -> String {
    bytes.isEmpty ? "-" : String(format: "%.1f MB", median(bytes.map(Double.init)) / 1_048_576)
  }

  /// One run: seconds to the prompt (or to the exit), and the memory at the prompt, in bytes.
  private struct Sample {
    var seconds: Double
    var resident: Int?
    var peak: Int?
  }

  /// `name` as found in PATH, or itself.
  private static func resolve(_ name: String) -> String {
    guard !name.contains("/") else { return name }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return name
  }

  /// Seconds from spawning `command` on a pseudo-terminal to `prompt` appearing on it, and its
  /// VmRSS and VmHWM then (the program is blocked reading; then it is killed), or seconds to
  /// its exit when `prompt` is nil; `nil` when it failed.
  private static func measure(
    _ command: [String], prompt: String?, _ environment: [String: String]
  ) -> Sample? {
    guard FileManager.default.isExecutableFile(atPath: command[0]) else { return nil }
    let argv = command.map { strdup($0) } + (prompt == nil ? [strdup("--version")] : []) + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    let start = ContinuousClock.now
    let pid = forkpty(&master, nil, nil, &size)
    if pid == 0 {
      execve(command[0], argv, envp)
      _exit(127)
    }
    guard pid > 0 else { return nil }
    defer { close(master) }
    var seen: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let target = prompt.map { Array($0.utf8) }
    let deadline = ContinuousClock.now + .seconds(30)
    var elapsed: Sample?
    while ContinuousClock.now < deadline {
      var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&fds, 1, 50) > 0 {
        let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 {
          seen += chunk[..<n]
          if let target, contains(seen, target) {
            elapsed = Sample(
              seconds: seconds(since: start), resident: procStatusBytes("VmRSS", pid: "\(pid)"),
              peak: procStatusBytes("VmHWM", pid: "\(pid)"))
            break
          }
        } else if target == nil || n == 0 {
          // End of output: the program exited (http --version).
          if target == nil { elapsed = Sample(seconds: seconds(since: start)) }
          break
        }
      } else if target == nil {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          return status == 0 ? Sample(seconds: seconds(since: start)) : nil
        }
      }
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return elapsed
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
      if Array(haystack[i..<(i + needle.count)]) == needle { return true }
    }
    return false
  }
}
