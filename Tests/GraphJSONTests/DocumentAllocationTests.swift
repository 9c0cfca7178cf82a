import Testing

@testable import GraphJSON

/// A document whose blocks the system cannot give is a parse error, not a trap.
@Suite struct DocumentAllocationTests {
  @Test func regionTooLargeForTheSystemIsNil() {
    #expect(JSONRegion(capacity: 1 << 62) == nil)
  }

  @Test func tapeTooLargeForTheSystemIsAParseError() throws {
    let byte: [UInt8] = [0x30]
    let error = byte.withUnsafeBufferPointer { buffer in
      #expect(throws: JSONParseError.self) {
        // A text this long needs a tape of 2^61 bytes; only its first byte is ever read.
        _ = try JSONTapeBuilder(base: buffer.baseAddress!, count: 1 << 58, maxDepth: 512)
      }
    }
    let expected = (1 << 58 + 1) * 8
    #expect(error?.reason == .outOfMemory(bytes: expected))
    #expect(
      error?.description
        == "line 1, column 1: cannot allocate \(expected) bytes for the parsed document")
  }
}
