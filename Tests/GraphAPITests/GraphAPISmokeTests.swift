import Testing

@Test func graphapiBuilds() {
  #expect(Bool(true))
}
