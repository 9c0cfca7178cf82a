import Testing

@Test func graphcassetteBuilds() {
  #expect(Bool(true))
}
