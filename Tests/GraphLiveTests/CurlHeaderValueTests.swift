import Foundation
import Testing

@testable import GraphLive

/// A header value read from libcurl is trimmed as `trimmingCharacters(in: .whitespaces)` trims
/// it, spaces and tabs cut as bytes (issue 48) and any Unicode space at an end still cut.
@Suite struct CurlHeaderValueTests {
  @Test(arguments: [
    "", " ", "\t \t", "v", " value ", "\tgzip, deflate\t", "a b", "  a  b  ",
    "\u{A0}x\u{3000}", " \u{2003}x", "x\u{A0} ", "é", " élève ", "\u{A0}", "x\r",
  ])
  func trimmedAsFoundationTrims(_ value: String) {
    let bytes = Array(value.utf8)
    let trimmed = bytes.withUnsafeBytes { CurlTransfer.trimmedValue($0) }
    #expect(trimmed == value.trimmingCharacters(in: .whitespaces))
  }

  @Test func invalidUTF8IsRepairedAsBefore() {
    for bytes: [UInt8] in [[0x20, 0xFF, 0x20], [0xC3], [0x61, 0xE2, 0x82]] {
      let trimmed = bytes.withUnsafeBytes { CurlTransfer.trimmedValue($0) }
      #expect(
        trimmed == String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }
  }
}
