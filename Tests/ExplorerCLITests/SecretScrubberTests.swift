import Testing

@testable import ExplorerCLI

@Suite struct SecretScrubberTests {
  @Test func takesOutTokenProofAndSecretInEveryForm() {
    let scrubber = SecretScrubber(token: "EAAG/tok+en", appSecret: "s3cret", publicTokens: [])
    let text = #"{"next":"https://g/x?access_token=EAAG%2Ftok%2Ben&b=EAAG\/tok+en","s":"s3cret"}"#
    let scrubbed = scrubber.scrub(text)
    #expect(!scrubbed.contains("EAAG"))
    #expect(!scrubbed.contains("s3cret"))
    #expect(scrubbed.contains("access_token=<ACCESS_TOKEN>"))
    #expect(scrubbed.contains(#""s":"<APP_SECRET>""#))
  }

  @Test func leavesPublishedTestTokensAlone() {
    let scrubber = SecretScrubber(
      token: "CAAEmuAlice", appSecret: nil, publicTokens: ["CAAEmuAlice"])
    #expect(scrubber.isEmpty)
    #expect(scrubber.scrub("access_token=CAAEmuAlice") == "access_token=CAAEmuAlice")
  }
}
