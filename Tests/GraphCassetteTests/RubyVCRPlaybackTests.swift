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
}
