import GraphJSON

/// `graph-explorer patch DOC PATCH`: applies an RFC 6902 JSON Patch (or, with `--merge`, an
/// RFC 7386 merge patch) and prints the result. Exit 0 on success, 1 when an operation fails
/// (the message names its index and path), 2 on bad usage or input.
enum PatchCommand {
  static let subcommand = Subcommand(
    name: "patch", summary: "apply a JSON Patch (RFC 6902) or merge patch to a JSON file",
    run: run)

  static let usage = """
    usage: graph-explorer patch DOC PATCH [options]

    Applies the RFC 6902 JSON Patch in the file PATCH to the JSON document in the file DOC
    (either may be - for standard input) and prints the result.
    Exit status: 0 when applied, 1 when an operation fails, 2 on error.

    options:
      --merge      PATCH is an RFC 7386 merge patch
      --compact    print the result on one line
      -h, --help   show this help
    """

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    var operands: [String] = []
    var merge = false
    var compact = false
    for argument in arguments {
      switch argument {
      case "--help", "-h":
        console.line(usage)
        return .success
      case "--merge": merge = true
      case "--compact": compact = true
      default:
        guard argument == "-" || !argument.hasPrefix("-") else {
          console.errorLine("graph-explorer patch: unknown option \(argument)")
          console.errorLine("try 'graph-explorer patch --help'")
          return .usage
        }
        operands.append(argument)
      }
    }
    guard operands.count == 2 else {
      console.errorLine("graph-explorer patch: expected DOC and PATCH, got \(operands.count) files")
      console.errorLine("try 'graph-explorer patch --help'")
      return .usage
    }
    let document: JSONValue
    let patchValue: JSONValue
    do {
      document = try JSONFile.load(operands[0], console: console)
      patchValue = try JSONFile.load(operands[1], console: console)
    } catch {
      console.errorLine("graph-explorer patch: \(error.description)")
      return .usage
    }
    let result: JSONValue
    if merge {
      result = JSONMergePatch.apply(patchValue, to: document)
    } else {
      do {
        let patch = try JSONPatch(parsing: patchValue)
        result = try patch.apply(to: document)
      } catch {
        console.errorLine("graph-explorer patch: \(operands[1]): \(error.description)")
        switch error {
        case .invalidPatch, .invalidOperation, .invalidPointer, .invalidPattern: return .usage
        case .operationFailed, .testFailed: return .failure
        }
      }
    }
    console.line(JSONPrinter(options: compact ? [] : [.pretty]).string(result))
    return .success
  }
}
