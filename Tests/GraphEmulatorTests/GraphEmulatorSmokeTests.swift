import Testing

@Test func graphemulatorBuilds() {
  #expect(Bool(true))
}
