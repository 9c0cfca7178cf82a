import ExplorerCLI
import Foundation
import GraphJSON
import GraphTestSupport
import Testing

/// `graph-explorer doctor` on every real recording the tests use (Recordings/ and the fuzz
/// corpus's cassettes in each format), its `--json`, `--fail-on`, `--html` and colours.
@Suite struct DoctorCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func run(_ arguments: [String], terminal: Bool = false, environment: [String: String] = [:])
    async -> (ExplorerCLI.ExitStatus, CapturingConsole)
  {
    let console = CapturingConsole(isOutputTerminal: terminal, environment: environment)
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console)
  }

  /// Every recording file, and the cause each must be diagnosed with (nil: just runs).
  static let recordings: [(String, String?)] = [
    ("Recordings/expired-token.json", "error:190/463"),
    ("Recordings/deauthorised.json", "error:190/458"),
    ("Recordings/og-action-needs-publish-actions.json", "error:200"),
    ("Recordings/me-without-token.json", "error:2500"),
    ("Recordings/friends-paging.json", "paging-one-at-a-time"),
    // Recorded in 2025 at v2.0 from the emulator, whose answers say v2.0 served them.
    ("Recordings/login-and-profile.json", nil),
    ("Recordings/batch-photo-then-read.json", "version-unversioned"),
    ("Recordings/feed-post.json", nil),
    ("Recordings/photo-upload.json", nil),
    ("Recordings/place-search.json", nil),
    ("Tests/Fuzz/corpus/cassette/har", nil),
    ("Tests/Fuzz/corpus/cassette/native", nil),
    ("Tests/Fuzz/corpus/cassette/vcr", nil),
    ("Tests/Fuzz/corpus/cassette/vcr-yaml", nil),
    ("Tests/Fuzz/corpus/cassette/vcrpy", nil),
    ("Tests/Fuzz/corpus/cassette/vcrpy-yaml", nil),
    ("Tests/Fuzz/corpus/cassette/vcrpy-header-list.yaml", "secret-present"),
    ("Tests/Fuzz/corpus/cassette/native-gzip-bodies.json", nil),
    ("Tests/Fuzz/corpus/cassette/vcr-psych.yml", nil),
    ("Tests/Fuzz/corpus/cassette/vcr-bom-crlf.yml", nil),
    ("Tests/Fuzz/corpus/cassette/regression-date-combining-mark.yml", nil),
  ]

  @Test func everyRecordingIsDiagnosedAndNamesItsCause() async throws {
    for (name, cause) in Self.recordings {
      let path = Self.root.appendingPathComponent(name).path
      let (status, console) = await run(["doctor", "--json", path])
      #expect(status == .success, "\(name): \(console.errors)")
      let json = try JSONParser.parse(Array(console.output.utf8))
      let report = try #require(json["reports"]?[0])
      #expect((report["overview"]?["interactions"]?.numberValue?.intValue ?? 0) > 0, "\(name)")
      let kinds = report["findings"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
      if let cause { #expect(kinds.contains(cause), "\(name): \(kinds)") }
    }
    // A fuzz seed whose first interaction names `response` twice is refused (issue 44).
    let twice = Self.root.appendingPathComponent("Tests/Fuzz/corpus/cassette/native-torn-tail.json")
    let (status, console) = await run(["doctor", twice.path])
    #expect(status == .usage)
    #expect(console.errors.contains("interaction 1, 'response': the member appears twice"))
  }

  @Test func theSDKsNextStepAndTheAppsAreNamed() async throws {
    let path = Self.root.appendingPathComponent("Recordings/og-action-needs-publish-actions.json")
      .path
    let (_, console) = await run(["doctor", "--json", path])
    let report = try #require(try JSONParser.parse(Array(console.output.utf8))["reports"]?[0])
    let error = try #require(report["errors"]?[0])
    #expect(error["cause"]?.stringValue == "200")
    #expect(error["ios_sdk_3"]?["category"]?.stringValue == "FBErrorCategoryPermissions")
    #expect(error["app_next"]?["logged_in_again"]?.numberValue?.intValue == 1)
    let token = try #require(report["identities"]?[0])
    #expect(token["missing"]?[0]?.stringValue == "publish_actions")
  }

  @Test func hostileFilesAreOneLineErrors() async {
    for name in ["har-time-1e16.har", "native-duration-1e16.json", "vcr-deep-flow.yml"] {
      let path = Self.root.appendingPathComponent("Tests/Fuzz/corpus/cassette/\(name)").path
      let (status, console) = await run(["doctor", path])
      #expect(status == .usage)
      #expect(console.errors.split(separator: "\n").count == 1, "\(console.errors)")
      #expect(!console.errors.contains("\u{1B}"))
    }
  }

  @Test func failOnSetsTheExitStatus() async {
    let expired = Self.root.appendingPathComponent("Recordings/expired-token.json").path
    let fine = Self.root.appendingPathComponent("Recordings/feed-post.json").path
    let batch = Self.root.appendingPathComponent("Recordings/batch-photo-then-read.json").path
    #expect(await run(["doctor", "--fail-on", "error", expired]).0 == .failure)
    #expect(await run(["doctor", "--fail-on", "error", batch]).0 == .success)
    let paging = Self.root.appendingPathComponent("Recordings/friends-paging.json").path
    #expect(await run(["doctor", "--fail-on", "info", paging]).0 == .failure)
    // Recorded at v2.0 from the emulator, which says v2.0 served it: nothing to report.
    #expect(await run(["doctor", "--fail-on", "info", fine]).0 == .success)
    #expect(await run(["doctor", expired]).0 == .success)
    #expect(await run(["doctor", "--fail-on", "fatal", fine]).0 == .usage)
  }

  @Test func coloursOnlyOnATerminalWithoutNO_COLOR() async {
    let expired = Self.root.appendingPathComponent("Recordings/expired-token.json").path
    #expect(await run(["doctor", expired], terminal: true).1.output.contains("\u{1B}["))
    #expect(!(await run(["doctor", expired]).1.output.contains("\u{1B}[")))
    #expect(
      !(await run(["doctor", expired], terminal: true, environment: ["NO_COLOR": "1"]).1.output
        .contains("\u{1B}[")))
  }

  @Test func htmlIsOnePageWithNothingFromElsewhere() async throws {
    let scratch = ScratchDirectory("doctor-html")
    defer { scratch.remove() }
    let page = scratch.file("report.html")
    let files = ["Recordings/expired-token.json", "Recordings/friends-paging.json"].map {
      Self.root.appendingPathComponent($0).path
    }
    let (status, _) = await run(["doctor", "--html", page] + files)
    #expect(status == .success)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<svg"))
    #expect(DoctorHTMLCheck.externalReferences(html).isEmpty)
    // Every link to an interaction has its anchor.
    for target in DoctorHTMLCheck.internalLinks(html) {
      #expect(html.contains("id=\"\(target)\""), "\(target) has no anchor")
    }
    // Written through onto /dev/null, never replaced.
    #expect(await run(["doctor", "--html", "/dev/null", files[0]]).0 == .success)
  }

  /// The page replaces an existing file only with `--force`, and never an input (issue 44:
  /// `doctor --html a.json b.json` replaced a.json).
  @Test func htmlReplacesAFileOnlyWithForceAndNeverAnInput() async throws {
    let scratch = ScratchDirectory("doctor-html-force")
    defer { scratch.remove() }
    let inputs = ["expired-token.json", "friends-paging.json"].map { scratch.file($0) }
    for (input, name) in zip(inputs, ["expired-token.json", "friends-paging.json"]) {
      try FileManager.default.copyItem(
        atPath: Self.root.appendingPathComponent("Recordings/" + name).path, toPath: input)
    }
    let before = try inputs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    func unchanged() throws -> Bool {
      try inputs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before
    }
    // The report's name forgotten: the first input is taken as the page, and kept.
    let (status, console) = await run(["doctor", "--html", inputs[0], inputs[1]])
    #expect(status == .usage)
    #expect(console.errors.contains("\(inputs[0]) already exists (use --force to replace it)"))
    #expect(try unchanged())
    // An input named as the page, even with --force (also through another spelling).
    let other = scratch.file("./expired-token.json")
    let (forced, refused) = await run(["doctor", "--force", "--html", other, inputs[0]])
    #expect(forced == .usage)
    #expect(refused.errors.contains("is the input \(inputs[0]); name another file"))
    #expect(try unchanged())
    // Another existing file: replaced with --force.
    let page = scratch.file("report.html")
    try "old".write(toFile: page, atomically: true, encoding: .utf8)
    #expect(await run(["doctor", "--html", page, inputs[0]]).0 == .usage)
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "old")
    #expect(await run(["doctor", "--html", page, "--force", inputs[0]]).0 == .success)
    #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    #expect(try unchanged())
  }
}

/// What the HTML checks look for.
enum DoctorHTMLCheck {
  /// Every `src=`, `href=` or `url(` that is not a fragment or a `data:` URL.
  static func externalReferences(_ html: String) -> [String] {
    var found: [String] = []
    for marker in ["src=\"", "href=\"", "url(", "@import"] {
      var rest = Substring(html)
      while let range = rest.range(of: marker) {
        let value = rest[range.upperBound...].prefix { $0 != "\"" && $0 != ")" }
        if !value.hasPrefix("#") && !value.hasPrefix("data:") { found.append(String(value)) }
        rest = rest[range.upperBound...]
      }
    }
    return found
  }

  /// The fragment targets of `href="#..."`.
  static func internalLinks(_ html: String) -> Set<String> {
    var found = Set<String>()
    var rest = Substring(html)
    while let range = rest.range(of: "href=\"#") {
      found.insert(String(rest[range.upperBound...].prefix { $0 != "\"" }))
      rest = rest[range.upperBound...]
    }
    return found
  }
}
