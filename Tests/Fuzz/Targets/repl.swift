@testable import ExplorerCLI

/// The REPL's line grammar (`CommandParser.parse`): every line either parses or throws an
/// `ExplorerError`; none crashes or hangs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzREPL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    _ = try? CommandParser.parse(String(line))
  }
  return 0
}
