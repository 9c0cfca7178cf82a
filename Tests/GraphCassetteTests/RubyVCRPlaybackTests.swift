import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 12 §3: export to Ruby VCR stays readable by Ruby VCR. Debian's ruby-vcr (installed by
/// Scripts/test) loads each export, YAML and JSON, and answers every recorded request with the
/// recorded status and body bytes, through its own matching with `record: :none`.
@Suite struct RubyVCRPlaybackTests {
  func playBack(_ cassette: Cassette, as format: InterchangeFormat) throws -> [JSONValue] {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file(format == .vcr ? "c.json" : "c.yml")
    try Data(Interchange.export(cassette, as: format)).write(to: URL(fileURLWithPath: file))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ruby", InteropTests.root + "/Tests/Interop/ruby_vcr_playback.rb", file]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(output)")
    guard process.terminationStatus == 0 else { return [] }
    return try JSONParser.parse(output)["answers"]?.arrayValue ?? []
  }

  @Test(arguments: [InterchangeFormat.vcrYAML, .vcr])
  func rubyVCRPlaysBackEveryKindOfBody(format: InterchangeFormat) throws {
    // Repeats with different answers need VCR's ordered playback; every other kind is here.
    let interactions =
      VcrpyPlaybackTests.textual.filter { !$0.request.url.hasSuffix("me/feed") }
      + VcrpyPlaybackTests.binary
    let answers = try playBack(Cassette(interactions: interactions), as: format)
    #expect(answers.count == interactions.count)
    for (interaction, answer) in zip(interactions, answers) {
      #expect(answer["status"]?.numberValue?.intValue == interaction.response.status)
      let body = answer["body"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
      #expect(body == interaction.response.body, "\(interaction.summary)")
    }
  }
}
