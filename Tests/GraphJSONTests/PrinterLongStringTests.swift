import GraphJSON
import Testing

/// A string far longer than a chunk is printed in pieces, cut between characters: printing a
/// 200 MB answer body held the whole string in the printer's buffer twice over (issue 15 §3).
@Suite struct PrinterLongStringTests {
  static func pieces(_ value: JSONValue, options: JSONPrinter.Options = [.pretty]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    JSONPrinter(options: options).write(value, chunkSize: 4096) { out.append(Array($0)) }
    return out
  }

  @Test(arguments: [
    "plain ASCII words ", "Zoë ✓ 𝄞 ", "quote \" back \\ tab \t ", "\u{1}\u{7F}é",
  ])
  func aLongStringStreamsInBoundedValidPieces(unit: String) {
    let long = String(repeating: unit, count: 1_000_000 / unit.utf8.count)
    let value: JSONValue = ["body": .string(long), "after": [1, "two"]]
    for options: JSONPrinter.Options in [[.pretty], [], [.asciiOnly]] {
      let pieces = Self.pieces(value, options: options)
      #expect(Array(pieces.joined()) == JSONPrinter(options: options).bytes(value))
      #expect(pieces.count > 10)
      // A chunk, plus at most one piece of a string and the longest escape.
      #expect(pieces.allSatisfy { $0.count < 4096 + (1 << 16) + 16 })
      for piece in pieces {
        #expect(String(validating: piece, as: UTF8.self) != nil)
      }
    }
  }

  @Test func aPlainKeyOrStringAsLongAsAPieceIsCopiedAsIs() {
    let exact = String(repeating: "k", count: 1 << 16)
    let value: JSONValue = [exact: .string(exact + "x")]
    #expect(Array(Self.pieces(value).joined()) == JSONPrinter().bytes(value))
  }
}
