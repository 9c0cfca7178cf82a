import Foundation
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 11, items 1 and 5: the merged result of `all` is an exchange of its own (#n) that
/// `show`, `$last`, `save` and `diff` work on; `diff` shows where two long values differ.
@Suite struct MergedResultTests {
  @Test func saveAndDiffWorkOnTheMergedResult() async throws {
    let dir = ScratchDirectory("merged-result")
    let saved = dir.file("merged.json")
    let run = await ScriptModeTests.run(
      "GET me/friends?limit=2&fields=id\nall --max 5\nsave #4 \(saved)\n"
        + "GET me/friends?limit=2&fields=id\nall --max 3\ndiff #4 #7\ndiff #7 \(saved)\n"
        + "expect $.data.length == 3\n",
      ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.contains("saved #4 ("), "\(run.output)")
    let merged = try JSONParser.parse(try String(contentsOfFile: saved, encoding: .utf8))
    #expect(merged["data"]?.arrayValue?.count == 5)
    #expect(merged["paging"] == nil)
    // #7 is the second merged result (pages #5 and #6): three items against five.
    #expect(run.output.contains("--- #4 all from #1 · 3 pages · 5 items\n+++ #7 all from #5"))
    #expect(run.output.contains("- data[3]: {\"id\":"), "\(run.output)")
    #expect(run.output.contains("- data[4]: {\"id\":"))
    #expect(run.output.contains("--- #7 all from #5 · 2 pages · 3 items\n+++ \(saved)\n"))
    #expect(run.output.contains("+ data[3]: {\"id\":"))
  }

  @Test func theREPLsDiffShowsWhereTwoLongValuesDiffer() async {
    let run = await ScriptModeTests.run(
      "GET me/friends?limit=2&fields=id\nnext\ndiff #1 #2\n", ["--no-color"])
    let line =
      run.output.split(separator: "\n").first { $0.hasPrefix("paging.next: ") }.map(String.init)
      ?? ""
    // Both URLs share a long start: each side shows its own end (the cursor), cut before it.
    let sides = line.dropFirst("paging.next: ".count).components(separatedBy: " → ")
    #expect(sides.count == 2, "\(run.output)")
    #expect(sides.allSatisfy { $0.hasPrefix("\"…") && $0.hasSuffix("\"") }, "\(line)")
    #expect(sides.first != sides.last)
  }

  @Test func graphExplorerDiffShowsWhereTwoLongValuesDiffer() async throws {
    let dir = ScratchDirectory("long-diff")
    let head = String(repeating: "x", count: 100)
    try #"{"s":"\#(head)alpha"}"#.write(
      toFile: dir.file("a.json"), atomically: true, encoding: .utf8)
    try #"{"s":"\#(head)beta"}"#.write(
      toFile: dir.file("b.json"), atomically: true, encoding: .utf8)
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["diff", "--no-color", dir.file("a.json"), dir.file("b.json")], console: console)
    #expect(status == .failure, "\(console.errors)")
    #expect(console.output.contains("xxxxalpha\" → \"…"), "\(console.output)")
    #expect(console.output.contains("xxxxbeta\"\n"))
  }
}
