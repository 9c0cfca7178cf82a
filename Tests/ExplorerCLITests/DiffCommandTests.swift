import ExplorerCLI
import Foundation
import GraphJSON
import GraphTestSupport
import Testing

@Suite final class DiffCommandTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diff-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func file(_ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func run(_ arguments: [String], console: CapturingConsole = CapturingConsole()) async -> (
    ExplorerCLI.ExitStatus, String, String
  ) {
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console.output, console.errors)
  }

  @Test func exitCodesLikeDiff() async throws {
    let a = try file("a.json", #"{"data":[{"id":"1","name":"Ann"}]}"#)
    let b = try file("b.json", #"{"data":[{"id":"1","name":"Anne"}]}"#)
    let same = try file("same.json", #"{"data":[{"name":"Ann","id":"1"}]}"#)
    let broken = try file("broken.json", #"{"data":[1,]}"#)

    let (equal, equalOut, _) = await run(["diff", a, same])
    #expect(equal == .success)
    #expect(equalOut == "")

    let (different, differentOut, _) = await run(["diff", a, b])
    #expect(different == .failure)
    #expect(differentOut == "data[0].name: \"Ann\" → \"Anne\"\n")

    let (missing, _, missingErr) = await run([
      "diff", a, directory.appendingPathComponent("nope").path,
    ])
    #expect(missing == .usage)
    #expect(missingErr.contains("no such file"))

    let (invalid, _, invalidErr) = await run(["diff", a, broken])
    #expect(invalid == .usage)
    #expect(invalidErr.contains("broken.json: line 1, column 12"))

    let (usage, _, usageErr) = await run(["diff", a])
    #expect(usage == .usage)
    #expect(usageErr.contains("expected two files"))

    let (bad, _, badErr) = await run(["diff", "--frobnicate", a, b])
    #expect(bad == .usage)
    #expect(badErr.contains("unknown option --frobnicate"))

    let (help, helpOut, _) = await run(["diff", "--help"])
    #expect(help == .success)
    #expect(helpOut.contains("--ignore-order"))
  }

  @Test func quietPrintsNothingAndExitsByTheDifference() async throws {
    let a = try file("qa.json", #"{"a":1,"b":[1,2]}"#)
    let b = try file("qb.json", #"{"a":2,"b":[1,2]}"#)
    for flag in ["--quiet", "-q"] {
      let differ = await run(["diff", flag, a, b])
      #expect(differ.0 == .failure && differ.1.isEmpty && differ.2.isEmpty)
      let same = await run(["diff", a, a, flag])
      #expect(same.0 == .success && same.1.isEmpty && same.2.isEmpty)
    }
    // A file that cannot be read is still an error, said.
    let missing = await run(["diff", "-q", a, directory.appendingPathComponent("none.json").path])
    #expect(missing.0 == .usage && !missing.2.isEmpty)
  }

  @Test func patchSortsKeysWhenAsked() async throws {
    let doc = try file("unsorted.json", #"{"z":1,"a":{"y":2,"b":3}}"#)
    let ops = try file("add.json", #"[{"op":"add","path":"/m","value":0}]"#)
    let (status, sorted, _) = await run(["patch", "--compact", "--sort-keys", doc, ops])
    #expect(status == .success)
    #expect(sorted == #"{"a":{"b":3,"y":2},"m":0,"z":1}"# + "\n")
    let (_, kept, _) = await run(["patch", "--compact", doc, ops])
    #expect(kept == #"{"z":1,"a":{"y":2,"b":3},"m":0}"# + "\n")
    let (_, help, _) = await run(["patch", "--help"])
    #expect(help.contains("--sort-keys"))
  }

  @Test func patchOutputAppliesAndPatchCommandApplies() async throws {
    let a = try file("a.json", #"{"data":[{"id":"1"},{"id":"2"},{"id":"3"}],"x":1}"#)
    let b = try file("b.json", #"{"data":[{"id":"3"},{"id":"1"},{"id":"4"}],"x":1.0}"#)
    let (status, out, _) = await run(["diff", "--patch", a, b])
    #expect(status == .failure)
    let patchFile = try file("p.json", out)
    let (applied, result, _) = await run(["patch", "--compact", a, patchFile])
    #expect(applied == .success)
    #expect(
      try JSONParser.parse(result)
        == JSONParser.parse(#"{"data":[{"id":"3"},{"id":"1"},{"id":"4"}],"x":1}"#))

    let (exact, exactOut, _) = await run(["diff", "--exact", "--patch", a, b])
    #expect(exact == .failure)
    #expect(exactOut.contains("\"path\": \"/x\""))
  }

  @Test func patchCommandErrors() async throws {
    let doc = try file("doc.json", #"{"a":[1,2]}"#)
    let failing = try file(
      "failing.json", #"[{"op":"test","path":"/a/0","value":1},{"op":"remove","path":"/a/5"}]"#)
    let malformed = try file("malformed.json", #"[{"op":"add","value":1}]"#)
    let (failed, _, failedErr) = await run(["patch", doc, failing])
    #expect(failed == .failure)
    #expect(
      failedErr.contains(
        "operation 1 (remove /a/5): no index 5 in the array at /a (it has 2 elements)"))
    let (bad, _, badErr) = await run(["patch", doc, malformed])
    #expect(bad == .usage)
    #expect(badErr.contains("operation 0: missing 'path' member"))
  }

  @Test func optionsReachTheDiff() async throws {
    let a = try file(
      "a.json", #"{"data":[{"key":"k1","t":"1"},{"key":"k2","t":"2"}],"paging":{"next":"n1"}}"#)
    let b = try file(
      "b.json", #"{"data":[{"key":"k2","t":"3"},{"key":"k1","t":"4"}],"paging":{"next":"n2"}}"#)
    let (ignored, _, _) = await run([
      "diff", "--ignore", "paging", "--ignore=data[*].t", "--ignore-order", a, b,
    ])
    #expect(ignored == .success)
    let (keyed, keyedOut, _) = await run(["diff", "--key", "id,key", "--ignore", "**.next", a, b])
    #expect(keyed == .failure)
    #expect(keyedOut.contains("moved from"))
    let (merge, mergeOut, _) = await run(["diff", "--merge", "--ignore", "data", a, b])
    #expect(merge == .failure)
    #expect(try JSONParser.parse(mergeOut) == ["paging": ["next": "n2"]])
    let (context, contextOut, _) = await run(["diff", "--context", "1", "--ignore", "data", a, b])
    #expect(context == .failure)
    #expect(contextOut == "paging.next: \"n1\" → \"n2\"\n")
    let (badContext, _, badContextErr) = await run(["diff", "--context", "x", a, b])
    #expect(badContext == .usage)
    #expect(badContextErr.contains("--context needs a number"))
  }

  @Test func colourOnTerminalUnlessNoColor() async throws {
    let a = try file("a.json", "[1]")
    let b = try file("b.json", "[2]")
    let (_, coloured, _) = await run(
      ["diff", a, b], console: CapturingConsole(isOutputTerminal: true))
    #expect(coloured.contains("\u{1B}[31m"))
    let (_, plain, _) = await run(
      ["diff", a, b],
      console: CapturingConsole(isOutputTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(!plain.contains("\u{1B}["))
    let (_, forcedOff, _) = await run(
      ["diff", "--no-color", a, b], console: CapturingConsole(isOutputTerminal: true))
    #expect(!forcedOff.contains("\u{1B}["))
  }

  /// `diff` and `fmt` read their colour options from one table: `--no-colour` and `--colour`
  /// are accepted by both (issue 30: `fmt --no-colour` worked, `diff --no-colour` did not).
  @Test func britishSpellingsOfTheColourOptions() async throws {
    let a = try file("a.json", "[1]")
    let b = try file("b.json", "[2]")
    let (status, plain, errors) = await run(
      ["diff", "--no-colour", a, b], console: CapturingConsole(isOutputTerminal: true))
    #expect(status == .failure)
    #expect(errors == "")
    #expect(plain == "[0]: 1 → 2\n")
    let (_, coloured, _) = await run(["diff", "--colour", a, b])
    #expect(coloured.contains("\u{1B}[31m"))
    let (fmtStatus, fmtPlain, _) = await run(
      ["fmt", "--no-colour", a], console: CapturingConsole(isOutputTerminal: true))
    #expect(fmtStatus == .success)
    #expect(fmtPlain == "[\n  1\n]\n")
    let (_, help, _) = await run(["diff", "--help"])
    #expect(help.contains("  --no-color"))
    #expect(!help.contains("--no-colour"))
  }

  @Test func standardInput() async throws {
    let a = try file("a.json", #"{"a":1}"#)
    let (status, out, _) = await run(
      ["diff", a, "-"], console: CapturingConsole(input: #"{"a":2}"#))
    #expect(status == .failure)
    #expect(out == "a: 1 → 2\n")
  }
}
