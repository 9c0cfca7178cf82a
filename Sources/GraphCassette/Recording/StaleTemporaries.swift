import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporaries `FileIO.writeAtomically` leaves when its process is killed between creating
/// `.NAME.tmp-PID` and renaming it over NAME (7 of 50 `kill -9` runs left one).
enum StaleTemporaries {
  /// Removes `.NAME.tmp-PID` beside `path` for every PID that is no longer a running process;
  /// a live recorder's temporary is left alone. Returns the names removed.
  @discardableResult
  static func remove(besides path: String) -> [String] {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    var removed: [String] = []
    for name in names where name.hasPrefix(prefix) {
      let digits = name.dropFirst(prefix.count)
      guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let pid = Int32(digits), pid > 0, !isRunning(pid)
      else { continue }
      if unlink(directory + "/" + name) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Whether a process `pid` exists (`kill(pid, 0)` fails with ESRCH only when it does not).
  static func isRunning(_ pid: Int32) -> Bool {
    if pid == getpid() { return true }
    return kill(pid, 0) == 0 || errno != ESRCH
  }
}
