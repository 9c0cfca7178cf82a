import GraphAPI
import Testing

/// Issue 16 §1: queries, paths and terminal text are read byte by byte when they are ASCII.
/// The fast paths must give what the `Character`-based code gave: each is checked against
/// that code (kept here as the reference) on generated texts full of the bytes that matter.
@Suite struct ByteParsingTests {
  /// The `Character`-based query parse the byte path replaced.
  static func referenceItems(_ text: String) -> [QueryItems.Item] {
    var s = Substring(text)
    if s.first == "?" { s = s.dropFirst() }
    return s.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      if let eq = pair.firstIndex(of: "=") {
        return QueryItems.Item(
          name: referenceDecode(pair[..<eq], plus: true),
          value: referenceDecode(pair[pair.index(after: eq)...], plus: true))
      }
      return QueryItems.Item(name: referenceDecode(pair, plus: true), value: "")
    }
  }

  static func referenceDecode(_ text: Substring, plus: Bool) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var i = 0
    func hex(_ b: UInt8) -> UInt8? {
      switch b {
      case 0x30...0x39: b - 0x30
      case 0x41...0x46: b - 0x41 + 10
      case 0x61...0x66: b - 0x61 + 10
      default: nil
      }
    }
    while i < bytes.count {
      if bytes[i] == 0x25, i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2])
      {
        out.append(h << 4 | l)
        i += 3
      } else if bytes[i] == 0x2B && plus {
        out.append(0x20)
        i += 1
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Texts of the bytes that matter to the parsers, from a fixed seed.
  static func texts(count: Int, alphabet: String) -> [String] {
    let letters = Array(alphabet)
    var state: UInt64 = 0x1234_5678
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int(state >> 59)
      return String(
        (0..<length).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return letters[Int(state >> 33) % letters.count]
        })
    }
  }

  @Test func asciiQueriesParseAsTheCharacterCodeDid() {
    let cases =
      ["", "?", "?a=1", "a=1&b=x%20y+z", "&&a&=&b==c&", "%", "%4", "%41%4g%zz", "a%3D=b%26c"]
      + Self.texts(count: 3000, alphabet: "ab=&%+?0A4f")
    for text in cases {
      #expect(QueryItems(parsing: text).items == Self.referenceItems(text), "\(text)")
    }
    // Not ASCII: the Character code still runs.
    for text in ["n=caf\u{E9}&x=%C3%A9", "a=\u{301}&\u{301}=b", "e\u{301}=1"] {
      #expect(QueryItems(parsing: text).items == Self.referenceItems(text), "\(text)")
    }
  }

  @Test func asciiPathsSplitAsTheCharacterCodeDid() {
    for path in ["/", "//", "/v2.0/me", "/a%2Fb//c+d/%41%", "/x/"]
      + Self.texts(count: 2000, alphabet: "/a%2F+4")
    {
      guard let url = URLParts("http://h" + (path.hasPrefix("/") ? path : "/" + path)) else {
        continue
      }
      let reference = url.path.split(separator: "/").map { Self.referenceDecode($0, plus: false) }
      #expect(url.pathComponents == reference, "\(path)")
    }
  }

  @Test func printableTextIsKeptAndControlsStillEscaped() {
    #expect(TerminalText.escaped("GET /me?fields=id 200") == "GET /me?fields=id 200")
    #expect(TerminalText.escaped("a\u{1B}]0;x\u{7}") == "a\\u001b]0;x\\u0007")
    #expect(TerminalText.escaped("tab\there\u{7F}") == "tab\\there\\u007f")
    #expect(TerminalText.escaped("line\nbreak") == "line\\nbreak")
    #expect(TerminalText.escapedLines("one\ntwo") == "one\ntwo")
    #expect(TerminalText.escapedLines("one\r\ntwo\u{85}") == "one\\r\\ntwo\\u0085")
    #expect(TerminalText.escapedLines("bidi\u{202E}x") == "bidi\\u202ex")
  }
}
