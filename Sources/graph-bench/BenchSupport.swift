import Foundation

/// Writes a message and a newline to standard error.
func fail(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Seconds elapsed since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// CPU time (user and system) used by this process so far, in seconds.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median of `values` (0 when empty).
func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// What `python3 -c script arguments...` printed (its errors discarded), or nil when it could
/// not run or failed.
func pythonOutput(_ script: String, _ arguments: [String]) -> Data? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return process.terminationStatus == 0 ? data : nil
}

/// Writes every byte of `bytes` to the file descriptor.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
  var offset = 0
  while offset < bytes.count {
    let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if written <= 0 { return }
    offset += written
  }
}

/// The whole file, read straight into one array (no intermediate copy).
func readFile(_ path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var info = stat()
  guard fstat(fd, &info) == 0 else { return nil }
  let size = Int(info.st_size)
  return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = 0
    while count < size {
      let got = read(fd, buffer.baseAddress! + count, size - count)
      if got <= 0 { break }
      count += got
    }
  }
}

/// A `kB` line of /proc/PID/status (`VmRSS`, `VmHWM`, ...) in bytes, for `pid` ("self" or a
/// number); nil when the process or the line is not there.
func procStatusBytes(_ field: String, pid: String = "self") -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
    let kilobytes = Int(line.dropFirst(field.count + 1).filter(\.isNumber))
  else { return nil }
  return kilobytes * 1024
}

/// Prints rows as a table with aligned columns.
func printTable(_ rows: [[String]]) {
  let widths = (0..<(rows.first?.count ?? 0)).map { column in
    rows.map { $0[column].count }.max() ?? 0
  }
  for row in rows {
    let cells = row.enumerated().map { column, cell in
      cell + String(repeating: " ", count: widths[column] - cell.count)
    }
    print(cells.joined(separator: "  "))
  }
}

/// A child process run to completion with its standard output sent to /dev/null: wall time,
/// CPU time and peak resident memory.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`) when present: `wait4`'s
/// `ru_maxrss` of a child started with `posix_spawn` (a vfork) also counts the parent's memory
/// at the `exec`, while time's own child is forked from the small time process.
struct ChildRun {
  var seconds: Double
  /// User plus system CPU time in seconds.
  var cpu: Double
  /// Peak resident set size in bytes.
  var maxRSS: Int
  var status: Int32

  static let timePath =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    ? "/usr/bin/time" : nil

  /// Runs `command` to its end, its standard input read from the file `input` when given.
  static func spawn(_ command: [String], input: String? = nil) -> ChildRun? {
    let report = FileManager.default.temporaryDirectory
      .appendingPathComponent("graph-bench-rss-\(getpid()).txt").path
    defer { unlink(report) }
    let argv = timePath.map { [$0, "-f", "%M", "-o", report] + command } ?? command
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    if let input { posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input, O_RDONLY, 0) }
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
      fail("cannot run \(argv[0])")
      return nil
    }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let elapsed = graph_bench.seconds(since: start)
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    // Linux reports ru_maxrss, and time's %M, in kilobytes.
    var kilobytes = Int(usage.ru_maxrss)
    if timePath != nil, let data = FileManager.default.contents(atPath: report),
      let text = String(data: data, encoding: .utf8),
      // The last line: time writes "Command exited with non-zero status 1" before it when the
      // command fails or, as `diff` of two different files, exits 1.
      let reported = text.split(separator: "\n").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespaces))
      })
    {
      kilobytes = reported
    }
    return ChildRun(seconds: elapsed, cpu: cpu, maxRSS: kilobytes * 1024, status: status)
  }
}
