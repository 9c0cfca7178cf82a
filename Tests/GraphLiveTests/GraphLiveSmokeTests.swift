import Testing

@Test func graphliveBuilds() {
  #expect(Bool(true))
}
