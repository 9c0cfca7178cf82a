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
      // Every mode runs on the two documents' tapes (issue 48: two trees had been most of the
      // peak memory); with `--ignore`, on copies without the ignored parts, each file's
      // document given back as it is copied.
      let ignore = parsed.options.ignore
      let old = try JSONFile.loadDocument(parsed.operands[0], ignoring: ignore, console: console)
      let new = try JSONFile.loadDocument(parsed.operands[1], ignoring: ignore, console: console)
      return parsed.report(
        JSONDiff.diff(stripped: old.root, new.root, options: parsed.options), console: console)
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
    try parse(path, console: console) { (buffer, _) throws(JSONParseError) in
      try JSONParser().parse(buffer)
    }
  }

  /// The file parsed into a `JSONDocument` (its tape and texts, about 1.2× the file, where a
  /// tree is 3.6×), the mapped file's pages given back as the parse passes them.
  static func loadDocument(_ path: String, console: any Console) throws(Failure) -> JSONDocument {
    try parse(path, console: console) { (buffer, file) throws(JSONParseError) in
      let document = try JSONDocument(
        parsing: buffer, passed: file?.discarding() ?? { _ in })
      file?.discard(from: 0, before: buffer.count)
      return document
    }
  }

  /// The file parsed into a `JSONDocument` and copied without what `ignore` matches
  /// (`JSONDocument(stripping:_:)`), the parsed document's pages given back behind the copy.
  static func loadDocument(
    _ path: String, ignoring ignore: [JSONPathPattern], console: any Console
  ) throws(Failure) -> JSONDocument {
    let document = try loadDocument(path, console: console)
    guard !ignore.isEmpty else { return document }
    do {
      return try JSONDocument(stripping: document.root, ignore, releasing: true)
    } catch {
      throw Failure(description: "\(path == "-" ? "standard input" : path): \(error.description)")
    }
  }

  /// Reads `path` (`-` is standard input) and parses it with `parser`, given the bytes and,
  /// for a regular file, its mapping.
  private static func parse<Parsed>(
    _ path: String, console: any Console,
    _ parser: (UnsafeBufferPointer<UInt8>, MappedFile?) throws(JSONParseError) -> Parsed
  ) throws(Failure) -> Parsed {
    let parsed: Result<Parsed, JSONParseError>
    if path == "-" {
      parsed = console.readAll().withUnsafeBufferPointer { buffer in
        Result { () throws(JSONParseError) in try parser(buffer, nil) }
      }
    } else if let file = MappedFile(path: path) {
      // Parsed straight from the mapping (issue 48): the file's pages come from the page cache
      // instead of a copy in fresh memory, and are let go as soon as the parse is done; a
      // sparse 40 GiB file broken at its start fails there.
      parsed = Result { () throws(JSONParseError) in
        try parser(UnsafeBufferPointer(file.bytes), file)
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
        Result { () throws(JSONParseError) in try parser(raw.bindMemory(to: UInt8.self), nil) }
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
