import GraphYAML
import Testing

/// A failure names the line and column a person sees: columns count characters, not bytes,
/// and a byte order mark shifts nothing.
@Suite struct YAMLPositionTests {
  @Test func columnsCountCharactersNotBytes() {
    #expect {
      try YAMLReader.parse("ké: \"é\\q\"\n")
    } throws: { error in
      guard let failure = error as? YAMLReader.Failure else { return false }
      return failure.line == 1 && failure.column == 8 && failure.message == "unknown escape \\q"
    }
  }

  @Test func aBOMDoesNotShiftErrorPositions() {
    #expect {
      try YAMLReader.parse("\u{FEFF}a: [1,\r\n  2\r\n")
    } throws: { error in
      guard let failure = error as? YAMLReader.Failure else { return false }
      return failure.line == 1 && failure.column == 4
    }
  }
}
