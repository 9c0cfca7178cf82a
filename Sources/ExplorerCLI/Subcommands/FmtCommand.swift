import Foundation
import GraphCassette
import GraphJSON

/// `graph-explorer fmt [FILE|-] [--compact] [--sort-keys] [--no-color]`: pretty-prints one
/// JSON text like `jq .` (exact numbers, key order kept), exit 2 with `FILE:line:column:
/// message` when it is not valid JSON.
enum FmtCommand {
  static let subcommand = Subcommand(
    summary: "pretty-print a JSON file or standard input, like jq .", usage: usage, run: run)

  static let usage = CommandUsage(
    "fmt", operands: "[FILE|-]", options: table.specs,
    about: """
      Pretty-prints one JSON text from FILE, or from standard input when FILE is '-' or
      missing, with two-space indentation, like `jq .`. Keys keep their order and numbers
      their exact text. Colours are used when standard output is a terminal and NO_COLOR is
      not set. Invalid JSON prints FILE:line:column: message on standard error and exits 2.
      """)

  struct Options: Sendable {
    var path = "-"
    var compact = false
    var sortKeys = false
    /// `true` / `false` when `--color` / `--no-color` was given (the last wins), `nil` to
    /// decide by terminal.
    var color: Bool?
    var help = false
  }

  /// The options of `fmt`, one row each.
  static let table = OptionTable<Options>(
    [
      .flag(["--compact"], "print on one line, without spaces") { $0.compact = true },
      .flag(["--sort-keys"], "sort object keys (by code point) at every level") {
        $0.sortKeys = true
      },
    ] as [OptionTable<Options>.Row], color: { $0.color = $1 }, help: { $0.help = true })

  /// Parses the arguments after `fmt`, or returns the usage error to print.
  static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    let operands: [String]
    do throws(OptionError) {
      operands = try table.parse(arguments, into: &options)
    } catch {
      switch error {
      case .unknown(let argument), .missingValue(let argument), .unexpectedValue(let argument):
        return .failure(UsageError(message: "unknown option '\(argument)'"))
      case .invalid(let message): return .failure(UsageError(message: message))
      }
    }
    guard operands.count <= 1 else {
      return .failure(UsageError(message: "expected one file, got \(operands.count)"))
    }
    options.path = operands.first ?? "-"
    return .success(options)
  }

  struct UsageError: Error {
    var message: String
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      console.errorLine(ErrorPresenter.subcommand("fmt", "\(error.message)"))
      console.errorLine("try 'graph-explorer fmt --help'")
      return .usage
    }
    if options.help {
      console.write(usage.text)
      return .success
    }
    var printing: JSONPrinter.Options = options.compact ? [] : [.pretty]
    if options.sortKeys { printing.insert(.sortedKeys) }
    let noColorVariable = console.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    if options.color ?? (console.isOutputTerminal && !noColorVariable) {
      printing.insert(.color)
    }
    let name = options.path == "-" ? "<stdin>" : options.path
    let input: Input
    do {
      input = try read(options.path, console: console)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("fmt", "\(error.message)"))
      return .usage
    }
    let formatter = JSONFormatter(options: printing)
    let output = Output(console: console)
    let result = input.withBytes { bytes in
      Result { () throws(JSONParseError) in
        try formatter.format(bytes, validatingFirst: true) { output.write($0) }
      }
    }
    // A file cut under its mapping read as zeros past its new end: nothing from it is trusted.
    if case .mapped(let file) = input, let now = file.shrunkSize {
      console.errorLine(
        ErrorPresenter.subcommand(
          "fmt",
          "\(name): the file shrank while it was read (from \(file.mappedSize) to \(now) bytes)"
        ))
      return .usage
    }
    switch result {
    case .success:
      [UInt8(ascii: "\n")].withUnsafeBytes { output.write($0) }
      return .success
    case .failure(let error):
      console.errorLine("\(name):\(error.line):\(error.column): \(error.message)")
      return .usage
    }
  }

  /// Where formatted chunks go: the console's byte output (for the process's own console
  /// straight to file descriptor 1, with no round trip through `String`, which costs a third
  /// of `fmt`'s time on large input).
  struct Output {
    let console: any Console

    func write(_ chunk: UnsafeRawBufferPointer) { console.write(bytes: chunk) }
  }

  struct ReadError: Error {
    var message: String
  }

  /// The text to format: a regular file mapped (issue 48: reading 200 MB into fresh memory
  /// cost more CPU than formatting it, and a sparse 40 GiB file could not be read at all), or
  /// the bytes of standard input and of anything else read whole.
  enum Input {
    case mapped(MappedFile)
    case read(Data)

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      switch self {
      case .mapped(let file): body(UnsafeBufferPointer(file.bytes))
      case .read(let data): data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
      }
    }
  }

  /// The text of `path` (mapped when it is a regular file), or all of standard input for `-`.
  static func read(_ path: String, console: any Console) throws(ReadError) -> Input {
    if path == "-" { return .read(Data(console.readAll())) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ReadError(message: "\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw ReadError(message: "\(path): is a directory") }
    // Mapped, guarded against a truncation under the mapping (issue 31: zeros instead of
    // SIGBUS, and `shrunkSize` says so afterwards).
    if let file = MappedFile(path: path) { return .mapped(file) }
    do {
      // An empty file, a FIFO or a device.
      return .read(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw ReadError(message: "\(path): cannot be read")
    }
  }
}
