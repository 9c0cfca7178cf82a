import Foundation
import GraphCassette
import GraphJSON

/// `graph-explorer diff A B`: a structural diff of two JSON files, exit 0 when equal, 1 when
/// different, 2 on error, like diff(1).
enum DiffCommand {
  static let subcommand = Subcommand(
    summary: "compare two JSON files by path, or print a JSON Patch", usage: DiffArguments.usage,
    run: run)

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let parsed: DiffArguments
    do {
      parsed = try DiffArguments.parse(arguments)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("diff", "\(error.description)"))
      console.errorLine("try 'graph-explorer diff --help'")
      return .usage
    }
    if parsed.help {
      console.write(DiffArguments.usage.text)
      return .success
    }
    guard parsed.operands.count == 2 else {
      console.errorLine(
        "graph-explorer diff: expected two files, got \(parsed.operands.count)")
      console.errorLine("try 'graph-explorer diff --help'")
      return .usage
    }
    do {
      let old = try JSONFile.load(parsed.operands[0], console: console)
      let new = try JSONFile.load(parsed.operands[1], console: console)
      return parsed.report(old: old, new: new, console: console)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("diff", "\(error.description)"))
      return .usage
    }
  }
}

/// Reads and parses a JSON file named on the command line (`-` is standard input).
enum JSONFile {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func load(_ path: String, console: any Console) throws(Failure) -> JSONValue {
    let parsed: Result<JSONValue, JSONParseError>
    if path == "-" {
      parsed = Result { () throws(JSONParseError) in try JSONParser.parse(console.readAll()) }
    } else if let file = MappedFile(path: path) {
      // Parsed straight from the mapping (issue 48): the file's pages come from the page cache
      // instead of a copy in fresh memory, and are let go as soon as the tree is made; a
      // sparse 40 GiB file broken at its start fails there.
      parsed = Result { () throws(JSONParseError) in
        try JSONParser().parse(UnsafeBufferPointer(file.bytes))
      }
      if let now = file.shrunkSize {
        throw Failure(
          description:
            "\(path): the file shrank while it was read (from \(file.mappedSize) to \(now) bytes)")
      }
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let reason =
          exists ? (isDirectory.boolValue ? "is a directory" : "cannot be read") : "no such file"
        throw Failure(description: "\(path): \(reason)")
      }
      // An empty file, a FIFO or a device: parsed straight from the buffer read.
      parsed = data.withUnsafeBytes { raw in
        Result { () throws(JSONParseError) in try JSONParser().parse(raw.bindMemory(to: UInt8.self))
        }
      }
    }
    switch parsed {
    case .success(let value):
      return value
    case .failure(let error):
      throw Failure(description: "\(path == "-" ? "standard input" : path): \(error.description)")
    }
  }
}
