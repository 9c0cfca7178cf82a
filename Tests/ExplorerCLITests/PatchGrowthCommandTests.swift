import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// `graph-explorer patch` with growth-by-copy operations fails with one line naming the
/// operation (it used to print until the allocator gave up), and `--max-growth` moves the bound.
@Suite final class PatchGrowthCommandTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "patch-growth-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func file(_ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, String, String) {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console.output, console.errors)
  }

  /// A patch file is applied from its mapping an operation at a time; standard input is
  /// parsed whole. Both give the same output, errors and exit status (the error names the
  /// file, or standard input).
  @Test func aPatchFileGivesWhatThePatchOnStandardInputGives() async throws {
    let doc = try file("doc.json", #"{"a":[1,2,3],"b":{"c":"d"}}"#)
    let many = (0..<3000).map { #"{"op":"add","path":"/a/0","value":\#($0)}"# }
    for (n, text) in [
      "[" + many.joined(separator: ",") + "]",
      #"[{"op":"move","from":"/a/0","path":"/a/-"},{"op":"test","path":"/b/c","value":"d"}]"#,
      #"[{"op":"remove","path":"/nope"}]"#,
      #"[{"op":"jump","path":"/a"}]"#,
      #"{"op":"add","path":"/a","value":1}"#,
      #"[{"op":"add","path":"/a","value":1}"#,
      "[]",
    ].enumerated() {
      let path = try file("p\(n).json", text)
      let (status, out, errors) = await run(["patch", doc, path])
      let console = CapturingConsole(input: text)
      let piped = await GraphExplorer.main(arguments: ["patch", doc, "-"], console: console)
      #expect(status == piped, "\(text.prefix(60))")
      #expect(out == console.output, "\(text.prefix(60))")
      #expect(
        errors.replacingOccurrences(of: path, with: "-")
          == console.errors.replacingOccurrences(of: "standard input", with: "-"),
        "\(text.prefix(60))")
    }
  }

  @Test func doublingPatchesFailOnOneLine() async throws {
    let doc = try file("doc.json", #"{"a":[]}"#)
    let op = #"{"op":"copy","from":"","path":"/a/-"}"#
    let patch = try file(
      "p.json", "[" + Array(repeating: op, count: 26).joined(separator: ",") + "]")
    let (status, out, errors) = await run(["patch", doc, patch])
    #expect(status == .failure)
    #expect(out == "")
    #expect(errors.split(separator: "\n").count == 1)
    #expect(errors.contains("(copy /a/-): the patch would add more than 67108864 bytes"))

    let (small, _, smallErrors) = await run(["patch", "--max-growth", "1K", doc, patch])
    #expect(small == .failure)
    #expect(
      smallErrors.contains("operation 6 (copy /a/-): the patch would add more than 1024 bytes"))
  }

  @Test func maxGrowthNeedsASize() async throws {
    let doc = try file("doc.json", "{}")
    for bad in ["", "-1", "12X", "99999999999999999G"] {
      let (status, _, errors) = await run(["patch", "--max-growth", bad, doc, doc])
      #expect(status == .usage)
      #expect(errors.hasPrefix("graph-explorer patch: --max-growth needs a size in bytes"))
    }
  }
}
