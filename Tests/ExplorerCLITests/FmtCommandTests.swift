import ExplorerCLI
import Foundation
import GraphJSON
import GraphTestSupport
import Testing

@Suite struct FmtCommandTests {
  func run(
    _ arguments: [String], console: CapturingConsole = CapturingConsole()
  ) async -> (status: ExplorerCLI.ExitStatus, output: String, errors: String) {
    let status = await GraphExplorer.main(arguments: ["fmt"] + arguments, console: console)
    return (status, console.output, console.errors)
  }

  @Test(arguments: JSONTestSuite.cases("y_"))
  func acceptsEveryValidSuiteFile(_ testCase: JSONTestSuite.Case) async throws {
    let (status, output, errors) = await run([testCase.path])
    #expect(status == .success)
    #expect(errors == "")
    let expected = JSONPrinter(options: [.pretty]).string(try JSONParser.parse(testCase.bytes))
    #expect(output == expected + "\n")
  }

  @Test(arguments: JSONTestSuite.cases("n_"))
  func rejectsEveryInvalidSuiteFile(_ testCase: JSONTestSuite.Case) async {
    let (status, output, errors) = await run([testCase.path])
    #expect(status == .usage)
    #expect(output == "")
    #expect(errors.hasPrefix(testCase.path + ":"))
    #expect(errors.hasSuffix("\n") && errors.filter { $0 == "\n" }.count == 1)
    #expect(
      errors.contains(": expected ") || errors.contains(": nesting deeper")
        || errors.contains(": invalid UTF-8"))
  }

  @Test func suiteIsPresent() {
    #expect(JSONTestSuite.problem == nil, "\(JSONTestSuite.problem ?? "")")
    #expect(JSONTestSuite.cases("y_").count == 95)
    #expect(JSONTestSuite.cases("n_").count == 188)
  }

  @Test func readsStandardInputAndPrintsLikeJq() async {
    let input = #"{"id":"1","n":[1.10,1e400,12345678901234567890],"e":{},"a":[]}"#
    let expected = """
      {
        "id": "1",
        "n": [
          1.10,
          1e400,
          12345678901234567890
        ],
        "e": {},
        "a": []
      }

      """
    for arguments in [[], ["-"]] {
      let (status, output, errors) = await run(arguments, console: CapturingConsole(input: input))
      #expect(status == .success)
      #expect(output == expected)
      #expect(errors == "")
    }
  }

  @Test func compactAndSortedKeys() async {
    let input = #"{"b": 1, "a": {"d": [1, 2], "c": null}}"#
    let compact = await run(["--compact"], console: CapturingConsole(input: input))
    #expect(compact.output == #"{"b":1,"a":{"d":[1,2],"c":null}}"# + "\n")
    let sorted = await run(["--compact", "--sort-keys"], console: CapturingConsole(input: input))
    #expect(sorted.output == #"{"a":{"c":null,"d":[1,2]},"b":1}"# + "\n")
  }

  @Test func colourOnlyOnATerminalWithoutNoColor() async {
    let input = #"{"a": true}"#
    let terminal = await run([], console: CapturingConsole(input: input, isOutputTerminal: true))
    #expect(terminal.output.contains("\u{1B}[34;1m\"a\"\u{1B}[0m"))
    let pipe = await run([], console: CapturingConsole(input: input))
    #expect(!pipe.output.contains("\u{1B}"))
    let noColor = await run(
      [],
      console: CapturingConsole(
        input: input, isOutputTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(!noColor.output.contains("\u{1B}"))
    let flag = await run(
      ["--no-color"], console: CapturingConsole(input: input, isOutputTerminal: true))
    #expect(!flag.output.contains("\u{1B}"))
    let forced = await run(["--color"], console: CapturingConsole(input: input))
    #expect(forced.output.contains("\u{1B}[34;1m\"a\"\u{1B}[0m"))
    let last = await run(["--color", "--no-color"], console: CapturingConsole(input: input))
    #expect(!last.output.contains("\u{1B}"))
  }

  @Test func invalidInputNamesFileLineAndColumn() async {
    let stdin = await run([], console: CapturingConsole(input: "{\n  \"a\": 1,\n  \"b\": [1, 2] ]"))
    #expect(stdin.status == .usage)
    #expect(stdin.output == "")
    #expect(stdin.errors == "<stdin>:3:15: expected ',' or '}' after an object member, found ']'\n")
    let empty = await run(["-"], console: CapturingConsole(input: ""))
    #expect(empty.errors == "<stdin>:1:1: expected a value, found end of input\n")
  }

  @Test func missingFileDirectoryAndBadUsageExitTwo() async throws {
    let missing = await run(["/nonexistent/graph-explorer.json"])
    #expect(missing.status == .usage)
    #expect(
      missing.errors == "graph-explorer fmt: /nonexistent/graph-explorer.json: no such file\n")
    let directory = await run([NSTemporaryDirectory()])
    #expect(directory.status == .usage)
    #expect(directory.errors.hasSuffix(": is a directory\n"))
    let unknown = await run(["--pretty"])
    #expect(unknown.status == .usage)
    #expect(unknown.errors.hasPrefix("graph-explorer fmt: unknown option '--pretty'\n"))
    let two = await run(["a.json", "b.json"])
    #expect(two.status == .usage)
    #expect(two.errors.hasPrefix("graph-explorer fmt: expected one file, got 2\n"))
  }

  @Test func helpDescribesTheOptions() async {
    let (status, output, _) = await run(["--help"])
    #expect(status == .success)
    #expect(
      output.hasPrefix(
        "usage: graph-explorer fmt [FILE|-] [--compact] [--sort-keys] [--color] [--no-color]"))
    for option in ["--compact", "--sort-keys", "--no-color", "NO_COLOR"] {
      #expect(output.contains(option))
    }
  }
}
