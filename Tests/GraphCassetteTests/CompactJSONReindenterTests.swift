import Foundation
import GraphAPI
import GraphJSON
import GraphJSONTestSupport
import Testing

@testable import GraphCassette

/// Issue 48: a compact JSON answer is printed pretty into an append straight from its bytes
/// (`CompactJSONReindenter`). Whenever it takes an input, its bytes must be those the printer
/// writes from the parsed document, and the input must be what the compact printer prints
/// (stored with no `layout`); anything else must be refused, so the append takes the parsing
/// path and stays byte for byte `Cassette.encoded()`.
@Suite struct CompactJSONReindenterTests {
  /// Compact printer output: taken.
  static let taken: [String] = [
    #"{"id":"100001000000001","name":"Alice Whitfield"}"#,
    #"{"data":[],"paging":{},"summary":{"total_count":0}}"#,
    #"[1,-0,0.5,-12.25e+3,1E5,2e-7,true,false,null,"",{},[]]"#,
    #"{"a":{"b":{"c":[[[{"d":"e"}]]]}}}"#,
    #"{"q":"a \"quoted\" \\ back\/"}"#.replacingOccurrences(of: "\\/", with: "/"),
    #"{"c":"\n\r\t\b\f\u0000\u001f\u0001\u000b"}"#,
    "{\"u\":\"Zoë ✓ 𝄞 \u{7F} ﻿\",\"k\u{E9}y\":1}",
    #"{"link":"https://www.facebook.com/app_scoped_user_id/1/"}"#,
    #"{"dup":1,"dup":2}"#,
    #"[[],[{}],{"x":[]}]"#,
  ]

  /// Valid JSON the compact printer would write otherwise, or not JSON, or out of bounds:
  /// refused.
  static let refused: [[UInt8]] =
    [
      #"{"a":"\/"}"#, #"{"a":"\u00e9"}"#, #"{"a":"\u001F"}"#, #"{"a":"\u000a"}"#,
      #"{"a":"\u0041"}"#, #"{"a":"\u007f"}"#, #"{"a": 1}"#, #" {"a":1}"#, #"{"a":1} "#,
      "{\"a\":1}\n", #"{"a":1.}"#, #"{"a":01}"#, #"{"a":-}"#, #"{"a":.5}"#, #"{"a":1e}"#,
      #"{"a":+1}"#, #"[1,]"#, #"{"a":1,}"#, #"{"a"}"#, #"{"a":"#, #"{"a":tru}"#, #"{"a":1}{}"#,
      #"[1]x"#, #""abc""#, "123", "true", "", #"{"a":"x"#, #"{1:2}"#, #"{"a":nul}"#, "[",
      #"{"a":"\x"}"#, #"{"a":"\u00"}"#, #"{"a":[1 ,2]}"#,
      "[" + String(repeating: "1", count: 65) + "]",
      String(repeating: "[", count: 130) + String(repeating: "]", count: 130),
    ].map { Array($0.utf8) } + [
      // Invalid UTF-8: overlong, a surrogate, past U+10FFFF, a lone continuation, cut short.
      [0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
      [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0x80, 0x22, 0x5D],
      [0x5B, 0x22, 0xE2, 0x9C, 0x22, 0x5D], [0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D],
      // A control character raw in a string.
      [0x5B, 0x22, 0x0A, 0x22, 0x5D],
    ]

  /// The reference: the printer's pretty bytes of the parsed document, each line break
  /// followed by `indent` more spaces; `nil` unless the compact printer gives `bytes` back.
  static func reference(_ bytes: [UInt8], indent: Int) -> [UInt8]? {
    guard let json = BodyCodec.json(bytes), json.layout == .compact else { return nil }
    var out: [UInt8] = []
    Cassette.appendLines(
      JSONPrinter(options: [.pretty]).bytes(json.document.root)[...], indentedBy: indent, to: &out)
    return out
  }

  static func reindented(_ bytes: [UInt8], indent: Int) -> [UInt8]? {
    var out: [UInt8] = [1, 2, 3]
    let done = bytes.withUnsafeBufferPointer {
      CompactJSONReindenter.appendPretty($0, indent: indent, to: &out)
    }
    guard done else {
      #expect(out == [1, 2, 3], "a refusal leaves the output as it was")
      return nil
    }
    return Array(out.dropFirst(3))
  }

  @Test func takesTheCompactPrintersFormAndPrintsWhatThePrinterPrints() throws {
    for text in Self.taken {
      let bytes = Array(text.utf8)
      let expected = try #require(Self.reference(bytes, indent: 10), "\(text)")
      #expect(Self.reindented(bytes, indent: 10) == expected, "\(text)")
    }
  }

  @Test func refusesEverythingElse() {
    for bytes in Self.refused {
      #expect(
        Self.reindented(bytes, indent: 4) == nil,
        "\(String(decoding: bytes.prefix(80), as: UTF8.self))")
    }
  }

  /// Random values printed compact are taken and printed as the printer prints them; every
  /// one-byte change of their text is either refused or printed as the printer prints its
  /// parse (never other bytes).
  @Test func randomValuesAndTheirOneByteChanges() throws {
    var generator = SeededRandomNumberGenerator(seed: 48)
    let alphabet: [UInt8] =
      Array(#"{}[]":,\/-+.0123456789eEtrufalsn aé"#.utf8) + [0x0A, 0x01, 0x80]
    for _ in 0..<300 {
      let value = Self.randomValue(&generator, depth: 0, container: true)
      let compact = JSONPrinter(options: []).bytes(value)
      let expected = try #require(Self.reference(compact, indent: 6))
      #expect(Self.reindented(compact, indent: 6) == expected, "\(value)")
      for _ in 0..<8 {
        var changed = compact
        let at = Int.random(in: 0..<changed.count, using: &generator)
        changed[at] = alphabet.randomElement(using: &generator)!
        let reference = Self.reference(changed, indent: 6)
        if let got = Self.reindented(changed, indent: 6) {
          #expect(got == reference, "\(String(decoding: changed, as: UTF8.self))")
        }
      }
    }
  }

  /// The appended item is `Cassette.encoded()`'s for answers taken and refused alike.
  @Test func appendsAreTheWholeCassettesBytes() throws {
    let bodies = Self.taken.map { Array($0.utf8) } + Self.refused
    for (index, body) in bodies.enumerated() {
      let interaction = Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/v2.2/me?n=\(index)"),
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: body),
        recordedAt: "2026-12-05T16:00:00.000Z")
      try InteractionItemPrinterTests.expectTheCassettesBytes(
        interaction, "\(String(decoding: body, as: UTF8.self))")
    }
  }

  static func randomValue(
    _ generator: inout SeededRandomNumberGenerator, depth: Int, container: Bool = false
  ) -> JSONValue {
    let pick =
      container
      ? Int.random(in: 6...7, using: &generator)
      : Int.random(in: 0...(depth > 4 ? 5 : 7), using: &generator)
    switch pick {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2:
      let texts = ["0", "-1", "12.5", "1e10", "-0.25E-3", "123456789012345678901234567890"]
      return .number(JSONNumber(text: texts.randomElement(using: &generator)!))
    case 3, 4, 5:
      let pieces = ["a", "é", "\"", "\\", "/", "\n", "\u{1}", "\u{7F}", "✓", "𝄞", " ", "\t"]
      let count = Int.random(in: 0...6, using: &generator)
      return .string((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    case 6:
      let count = Int.random(in: 0...4, using: &generator)
      return .array((0..<count).map { _ in randomValue(&generator, depth: depth + 1) })
    default:
      var object = JSONObject()
      for k in 0..<Int.random(in: 0...4, using: &generator) {
        object.append(k % 3 == 2 ? "k\"é\(k)" : "k\(k)", randomValue(&generator, depth: depth + 1))
      }
      return .object(object)
    }
  }
}
