import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Checks against the reference implementations (Python's jsonschema, vcrpy, PyYAML), installed
/// by Scripts/test from Tests/requirements.txt.
@Suite struct InteropTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try InteropPlayer.run("python3", ["cassette_interop.py"] + arguments)
  }

  @Test func cassettesValidateAgainstTheSchema() throws {
    let dir = TempDir()
    defer { dir.remove() }
    var cassette = InterchangeTests.cassette
    cassette.interactions[0].expect = Expectation(
      status: 200, values: [.init(path: ValuePath(parsing: "data[0].id")!, value: "1")],
      absent: [ValuePath(parsing: "paging.next")!])
    cassette.interactions[0].response.headers.add("Set-Cookie", "a=1")
    cassette.interactions[0].response.headers.add("Set-Cookie", "b=2")
    try cassette.save(to: dir.file("c.json"))
    let result = try Self.python([
      "schema", Self.root + "/docs/cassette.schema.json", dir.file("c.json"),
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "valid\n")
  }

  @Test(arguments: [InterchangeFormat.vcrpy, .vcrpyYAML])
  func vcrpyReplaysAnExportedCassette(format: InterchangeFormat) throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file(format == .vcrpy ? "c.json" : "c.yaml")
    try Data(Interchange.export(InterchangeTests.cassette, as: format))
      .write(to: URL(fileURLWithPath: file))
    let result = try Self.python(
      ["vcrpy", file, "https://graph.facebook.com/v2.0/me?fields=id,name"])
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output
        == "200\n" + InterchangeTests.cassette.interactions[0].response.bodyText + "\n")
  }

  @Test func pyYAMLReadsOurYAMLAsOurJSON() throws {
    let dir = TempDir()
    defer { dir.remove() }
    try Data(Interchange.export(InterchangeTests.cassette, as: .vcrYAML))
      .write(to: URL(fileURLWithPath: dir.file("c.yml")))
    let result = try Self.python(["yaml", dir.file("c.yml")])
    #expect(result.status == 0, "\(result.output)")
    let fromPython = try JSONParser.parse(result.output)
    let ours = try JSONParser.parse(Interchange.export(InterchangeTests.cassette, as: .vcr))
    #expect(fromPython == ours)
  }
}
