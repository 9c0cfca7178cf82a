import Foundation

/// The programs graph-bench runs that are built with it: `graph-explorer` beside this binary
/// (through symlinks), and how a served one says where it listens.
enum BenchBinaries {
  /// `graph-explorer` in the folder of this graph-bench, whether or not it is there.
  static var graphExplorer: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("graph-explorer").path
  }

  /// `graph-explorer` beside this graph-bench, or nil after saying how to build it.
  static func requireGraphExplorer() -> String? {
    let path = graphExplorer
    guard FileManager.default.isExecutableFile(atPath: path) else {
      let folder = (path as NSString).deletingLastPathComponent
      fail("build graph-explorer into \(folder) first (swift build -c release)")
      return nil
    }
    return path
  }

  /// Starts `executable ARGUMENTS` (standard error discarded) and reads its first line, which
  /// ends with the URL it serves (`... on http://127.0.0.1:PORT`): the process and that
  /// origin, or nil when it could not start or said no such line.
  static func startServing(_ executable: String, _ arguments: [String]) -> (Process, String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    var line: [UInt8] = []
    let handle = output.fileHandleForReading
    while line.last != UInt8(ascii: "\n") {
      let byte = handle.readData(ofLength: 1)
      if byte.isEmpty { return nil }
      line += byte
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let range = text.range(of: " on http://") else { return nil }
    return (
      process,
      "http://" + text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
    )
  }
}
