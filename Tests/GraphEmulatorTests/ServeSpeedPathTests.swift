import GraphAPI
import Testing

@testable import GraphEmulator

/// Issue 16 §1: the emulator's cheaper trace ids and its cache of parsed field selections
/// answer what they answered before.
@Suite struct ServeSpeedPathTests {
  /// The trace id as it was computed before (an array of `Character`s a call).
  static func referenceTraceID(_ sequence: Int) -> String {
    var x = UInt64(truncatingIfNeeded: sequence) &+ 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    x ^= x >> 31
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var out = ""
    for _ in 0..<11 {
      out.append(alphabet[Int(x % 62)])
      x /= 62
      if x == 0 { x = 0x2545_F491_4F6C_DD1D &+ UInt64(out.count) }
    }
    return out
  }

  @Test func traceIDsAreTheOnesGivenBefore() {
    for sequence in Array(0..<2000) + [-1, Int.max, Int.min, 1 << 40] {
      #expect(ResponseFactory.traceID(sequence: sequence) == Self.referenceTraceID(sequence))
    }
  }

  @Test func cachedSelectionsEqualFreshOnesAndErrorsStayErrors() throws {
    let cache = SelectionCache()
    let texts = ["id,name", "friends.limit(2){name,picture.width(50)}", "id", " id , name "]
    for _ in 0..<3 {
      for text in texts {
        #expect(try cache.selection(text) == FieldSelection(parsing: text))
      }
    }
    // Past the capacity it starts over and stays right.
    for n in 0..<(SelectionCache.capacity + 10) {
      #expect(try cache.selection("f\(n)") == FieldSelection(parsing: "f\(n)"))
    }
    for _ in 0..<2 {
      #expect(throws: FieldSelectionError.self) { try cache.selection("id,{") }
    }
  }
}
