import Foundation

/// graph-bench: speed and memory measured against the peers a user would pick instead, in a
/// release build. See docs/benchmarks.md for the figures and the commands.
let benchmarks: [(name: String, summary: String, run: ([String]) async -> Int32)] = [
  ("json", "parse and pretty-print a Graph-shaped document vs jq", JSONBenchmark.run),
  ("json-child", "(internal) read, parse and pretty-print FILE to stdout", JSONBenchmark.child),
  ("parse", "fresh-process parse into a tree vs pysimdjson and orjson", ParseBenchmark.run),
  ("parse-child", "(internal) read, parse and free FILE, phases to OUT", ParseBenchmark.child),
  ("emulator", "1M-person world: load time, memory, deep pages", EmulatorBenchmark.run),
  (
    "serve", "graph-explorer serve vs nginx under wrk (replayed, emulator and distinct answers)",
    ServeBenchmark.run
  ),
  ("serve-record", ServeRecordBenchmark.summary, ServeRecordBenchmark.run),
  (
    "distinct-reads", "the emulator alone on serve's 896 distinct reads, in process",
    DistinctReads.run
  ),
  ("diff", DiffBenchmark.summary, DiffBenchmark.run),
  ("diff-child", "(internal) parse and diff A B, printing peak RSS", DiffBenchmark.child),
  (
    "cassette", "load, match and replay a 10,000-interaction cassette vs vcrpy",
    CassetteBenchmark.run
  ),
  ("cassette-first", CassetteFirstAnswerBenchmark.summary, CassetteFirstAnswerBenchmark.run),
  (
    "cassette-first-child", "(internal) answer one request from FILE, figures to OUT",
    CassetteFirstAnswerBenchmark.child
  ),
  ("startup", StartupBenchmark.summary, StartupBenchmark.run),
  ("proxy", ProxyBenchmark.summary, ProxyBenchmark.run),
  ("proxy-hostile", ProxyHostileBenchmark.summary, ProxyHostileBenchmark.run),
  ("import", ImportBenchmark.summary, ImportBenchmark.run),
  ("growth", GrowthBenchmark.summary, GrowthBenchmark.run),
  ("recording", RecordingBenchmark.summary, RecordingBenchmark.run),
  ("doctor", DoctorBenchmark.summary, DoctorBenchmark.run),
  ("repl-memory", REPLMemoryBenchmark.summary, REPLMemoryBenchmark.run),
  ("search", SearchBenchmark.summary, SearchBenchmark.run),
  ("ui", UIBenchmark.summary, UIBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let bench = benchmarks.first(where: { $0.name == name }) else {
  var usage = "usage: graph-bench <benchmark> [options]\n\nbenchmarks:\n"
  for bench in benchmarks { usage += "  \(bench.name)  \(bench.summary)\n" }
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
exit(await bench.run(Array(arguments.dropFirst())))
