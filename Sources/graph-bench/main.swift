import Foundation

/// graph-bench: benchmarks against the peers a user would pick instead. See docs/benchmarks.md.
let arguments = Array(CommandLine.arguments.dropFirst())
FileHandle.standardError.write(Data("usage: graph-bench <benchmark>\n".utf8))
exit(2)
