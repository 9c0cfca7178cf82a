import GraphCassette
import GraphJSON

/// `graph-explorer patch DOC PATCH`: applies an RFC 6902 JSON Patch (or, with `--merge`, an
/// RFC 7386 merge patch) and prints the result. Exit 0 on success, 1 when an operation fails
/// (the message names its index and path), 2 on bad usage or input.
enum PatchCommand {
  static let subcommand = Subcommand(
    summary: "apply a JSON Patch (RFC 6902) or merge patch to a JSON file", usage: usage, run: run)

  static let usage = CommandUsage(
    "patch", operands: "DOC PATCH", options: Options.table.specs,
    about: """
      Applies the RFC 6902 JSON Patch in the file PATCH to the JSON document in the file DOC
      (either may be - for standard input) and prints the result.
      Exit status: 0 when applied, 1 when an operation fails, 2 on error.
      """)

  /// What `patch`'s command line says.
  struct Options: ParsableOptions {
    var operands: [String] = []
    var merge = false
    /// How the result is printed.
    var printing: JSONPrinter.Options = [.pretty]
    var maxGrowth = JSONPatch.defaultMaxGrowth
    var help = false

    static let table = OptionTable<Options>(
      [
        .flag(["--merge"], "PATCH is an RFC 7386 merge patch") { $0.merge = true },
        .flag(["--compact"], "print the result on one line") { $0.printing.remove(.pretty) },
        .flag(["--sort-keys"], "sort object keys (by code point) at every level") {
          $0.printing.insert(.sortedKeys)
        },
        .value(
          ["--max-growth"], "SIZE",
          """
          how much the operations may add to the document, in bytes of
          compact JSON (K, M, G suffixes: 1024s; default 64M); an
          operation that would add more fails
          """
        ) { options, text throws(OptionError) in
          guard let size = PatchCommand.size(text) else {
            throw .invalid("--max-growth needs a size in bytes such as 1048576, 512K or 64M")
          }
          options.maxGrowth = size
        },
      ], help: { $0.help = true })
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "patch", usage: usage.text, console: console)
    guard case .run(let options) = line else { return line.status }
    let (operands, merge, maxGrowth) = (options.operands, options.merge, options.maxGrowth)
    guard operands.count == 2 else {
      return SubcommandLine<Options>.failure(
        "expected DOC and PATCH, got \(operands.count) files", command: "patch", console)
    }
    guard let document = load(operands[0], console) else { return .usage }
    let printer = JSONPrinter(options: options.printing)
    let result: JSONValue
    do throws(JSONPatchError) {
      if !merge, operands[1] != "-", let file = MappedFile(path: operands[1]) {
        // Applied from the mapped file an operation at a time, its pages given back as they
        // are passed: a patch of 500,000 operations never exists as a tree or a list.
        // Taken over, so that the document is not held beside its expanded parts.
        let patched = try JSONPatch.apply(
          text: UnsafeBufferPointer(file.bytes), to: consume document, maxGrowth: maxGrowth,
          passed: file.discarding())
        if let now = file.shrunkSize {
          console.errorLine(
            ErrorPresenter.subcommand(
              "patch", "\(operands[1]): the file shrank while it was read (to \(now) bytes)"))
          return .failure
        }
        if let patched {
          console.line(printer.string(patched))
          return .success
        }
        // Not a well-formed array: parsed whole for the error that gives, which comes before
        // anything needs the document (taken by the reading, so read again if it does).
        guard let patchValue = load(operands[1], console) else { return .usage }
        let patch = try JSONPatch(parsing: patchValue)
        guard let again = load(operands[0], console) else { return .usage }
        result = try patch.apply(to: again, maxGrowth: maxGrowth)
      } else {
        // Standard input or a merge patch: parsed whole.
        guard let patchValue = load(operands[1], console) else { return .usage }
        result =
          merge
          ? JSONMergePatch.apply(patchValue, to: document)
          : try JSONPatch(parsing: patchValue).apply(to: document, maxGrowth: maxGrowth)
      }
    } catch {
      console.errorLine(
        ErrorPresenter.subcommand("patch", "\(operands[1]): \(error.description)"))
      switch error {
      case .invalidPatch, .invalidOperation, .invalidPointer, .invalidPattern: return .usage
      case .operationFailed, .testFailed: return .failure
      }
    }
    console.line(printer.string(result))
    return .success
  }

  /// The JSON file `path`, or nil once its error is printed.
  static func load(_ path: String, _ console: any Console) -> JSONValue? {
    do { return try JSONFile.load(path, console: console) } catch {
      console.errorLine(ErrorPresenter.subcommand("patch", "\(error.description)"))
      return nil
    }
  }

  /// `1048576`, `512K`, `64M`, `1G` (binary multiples) as a byte count, at most 2^50.
  static func size(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last, let multiple = units[Character(last.uppercased())] {
      unit = multiple
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isASCII),
      let n = Int(digits), n >= 0, n <= (1 << 50) / unit
    else { return nil }
    return n * unit
  }
}
