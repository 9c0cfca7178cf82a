import Foundation
import GraphCassette

/// File access for the cassette subcommands: `-` is standard input, and no existing file is
/// replaced without `--force`.
enum CassetteFiles {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func read(_ path: String, console: any Console) throws(Failure) -> [UInt8] {
    if path == "-" { return console.readAll() }
    // A named pipe or a process substitution (`<(...)`): opened once and read to its end
    // (looked at before anything opens it: an open that is closed unread loses the writer).
    if case .special = FileIO.kind(of: path) {
      do { return try FileIO.read(path: path) } catch {
        throw Failure(description: "\(error)")
      }
    }
    if let bytes = FileIO.readRegular(path) { return bytes }
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw Failure(description: "\(path): \(exists ? "cannot be read" : "no such file")")
    }
    return [UInt8](data)
  }

  static func write(_ bytes: [UInt8], to path: String, force: Bool, console: any Console)
    throws(Failure)
  {
    try write(chunks: [bytes], to: path, force: force, console: console)
  }

  /// As `write(_:to:force:console:)`, for contents in pieces, written one after the other.
  static func write(
    chunks: some Sequence<[UInt8]>, to path: String, force: Bool, console: any Console
  )
    throws(Failure)
  {
    if path == "-" {
      for bytes in chunks { console.write(String(decoding: bytes, as: UTF8.self)) }
      return
    }
    // Only a file's contents can be lost: a FIFO or a device (`/dev/null`) is written through.
    if !force, case .regular = FileIO.kind(of: path) {
      throw Failure(description: "\(path) already exists (use --force to replace it)")
    }
    do {
      // Atomic onto a regular file; straight through onto /dev/null or a FIFO; never a folder.
      try FileIO.write(chunks: chunks, to: path)
    } catch {
      throw Failure(description: "\(path): cannot write: \(FileIO.reason(error))")
    }
  }
}
