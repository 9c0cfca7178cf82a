import Testing

@Test func graphserverBuilds() {
  #expect(Bool(true))
}
