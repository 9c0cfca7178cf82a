import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphCassette

/// Issue 12 §3: export to Ruby VCR stays readable by Ruby VCR. Debian's ruby-vcr (installed by
/// Scripts/test) loads each export, YAML and JSON, and answers every recorded request with the
/// recorded status and body bytes, through its own matching with `record: :none`.
@Suite struct RubyVCRPlaybackTests {
  func playBack(_ cassette: Cassette, as format: InterchangeFormat) throws -> [JSONValue] {
    try InteropPlayer(interpreter: "ruby", script: "ruby_vcr_playback.rb")
      .answers(cassette, as: format, fileName: format == .vcr ? "c.json" : "c.yml")
  }

  @Test(arguments: [InterchangeFormat.vcrYAML, .vcr])
  func rubyVCRPlaysBackEveryKindOfBody(format: InterchangeFormat) throws {
    // Repeats with different answers need VCR's ordered playback; every other kind is here.
    let interactions =
      VcrpyPlaybackTests.textual.filter { !$0.request.url.hasSuffix("me/feed") }
      + VcrpyPlaybackTests.binary
    let answers = try playBack(Cassette(interactions: interactions), as: format)
    InteropPlayer.expectPlayedBack(interactions, answers)
  }

  /// A VCR 1.x file (no `recorded_at`) imported, then exported (issue 44: `recorded_at: ''`,
  /// which Ruby VCR's `Time.httpdate` refuses): its interactions take the file's modification
  /// time, as VCR's own migrator gives them, and Ruby VCR plays the export back.
  static let vcr1 =
    "---\n- !ruby/struct:VCR::HTTPInteraction\n"
    + [
      "request: !ruby/struct:VCR::Request", "  method: :delete",
      "  uri: https://graph.facebook.com:443/100001000000001_1", "  body:", "  headers:",
      "response: !ruby/struct:VCR::Response", "  status: !ruby/struct:VCR::ResponseStatus",
      "    code: 200", "    message: OK", "  headers:", "  body: \"true\"",
      "  http_version: \"1.1\"",
    ].map { "  \($0)\n" }.joined()

  @Test(arguments: [InterchangeFormat.vcrYAML, .vcr])
  func aVCR1ImportPlaysBackInRubyVCR(format: InterchangeFormat) throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("old.yml")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.vcr1.utf8)))
    let written = Date(timeIntervalSince1970: 1_300_000_000)
    try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: path)
    let (cassette, _) = try Interchange.read(Array(Self.vcr1.utf8), path: path)
    #expect(cassette.interactions.map(\.recordedAt) == ["2011-03-13T07:06:40.000Z"])
    let exported = String(decoding: Interchange.export(cassette, as: format), as: UTF8.self)
    #expect(exported.contains("Sun, 13 Mar 2011 07:06:40 GMT"), "\(exported)")
    let answers = try playBack(cassette, as: format)
    InteropPlayer.expectPlayedBack(cassette.interactions, answers)
  }

  /// An interaction without a readable time is exported with the Unix epoch, which Ruby VCR
  /// reads.
  @Test func anInteractionWithoutATimePlaysBackInRubyVCR() throws {
    var interactions = VcrpyPlaybackTests.textual.prefix(1).map { $0 }
    interactions[0].recordedAt = ""
    let exported = String(
      decoding: Interchange.export(Cassette(interactions: interactions), as: .vcrYAML),
      as: UTF8.self)
    #expect(exported.contains("recorded_at: Thu, 01 Jan 1970 00:00:00 GMT"), "\(exported)")
    InteropPlayer.expectPlayedBack(
      interactions, try playBack(Cassette(interactions: interactions), as: .vcrYAML))
  }
}
