import Testing

@Test func explorercliBuilds() {
  #expect(Bool(true))
}
