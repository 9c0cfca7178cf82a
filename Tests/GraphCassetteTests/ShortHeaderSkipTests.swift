import GraphAPI
import Testing

@testable import GraphCassette

/// Issue 48: a header value new in every answer (`x-fb-trace-id`) was scanned, hashed and kept
/// each time. A short value with none of the bytes a secret needs, under a name that names no
/// secret, is now known clean by its bytes (`SecretFinder.cannotHoldASecret`): the scan would
/// find nothing in it, and what is found elsewhere is still replaced in it.
@Suite struct ShortHeaderSkipTests {
  /// Bytes a short value may hold and still be skipped, the token starts and digits among them.
  static let alphabet = Array("CEAaBz0123456789_-/+ ;<>,\"'[]{}()#&?!~".utf8) + [0x80, 0xC3]

  /// The scanner's byte tests, `switch`es rather than tables, say what the tables said.
  @Test func theByteTestsAreTheTablesTheyReplaced() {
    let delimiters = Array(#"&;#"',<>\()[]{}"#.utf8)
    let unscanned = Array(#"=:|.%\"#.utf8)
    for b in UInt8.min...UInt8.max {
      #expect(SecretScanner.isDelimiter(b) == (b <= 0x20 || b == 0x7F || delimiters.contains(b)))
      #expect(SecretFinder.isUnscanned(b) == unscanned.contains(b), "\(b)")
    }
  }

  /// Every value skipped is one the scanner finds nothing in, decoded or not.
  @Test func aSkippedValueHoldsNothingTheScannerFinds() {
    var generator = SystemRandomNumberGenerator()
    var skipped = 0
    for _ in 0..<5000 {
      let count = Int.random(in: 0...40, using: &generator)
      let bytes = (0..<count).map { _ in Self.alphabet.randomElement(using: &generator)! }
      let value = String(decoding: bytes, as: UTF8.self)
      guard SecretFinder.cannotHoldASecret(name: "x-fb-trace-id", value: value) else { continue }
      skipped += 1
      #expect(SecretScanner.secrets(in: Array(value.utf8)).isEmpty, "\(value)")
    }
    #expect(skipped > 1000)
  }

  @Test(arguments: [
    ("x-fb-trace-id", "AbC9eF0hIjK", true),
    ("x-fb-trace-id", "EAAB" + String(repeating: "z", count: 25), true),
    ("x-fb-trace-id", "EAAB" + String(repeating: "z", count: 26), false),
    ("x-fb-trace-id", "a=b", false), ("x-fb-trace-id", "a:b", false),
    ("x-fb-trace-id", "123456|abc", false), ("x-fb-trace-id", "abc.eyJ", false),
    ("x-fb-trace-id", "a%3Db", false), ("x-fb-trace-id", #"a\u003Db"#, false),
    ("Authorization", "abc", false), ("authorization", "Bearer abc", false),
    ("X-Access-Token", "abc", false), ("X-FB-Client-Secret", "abc", false),
    ("Cookie", "abc", true),
  ])
  func aValueIsSkippedOnlyWithoutTheBytesOrNameOfASecret(
    name: String, value: String, skipped: Bool
  ) {
    #expect(SecretFinder.cannotHoldASecret(name: name, value: value) == skipped)
  }

  /// A header named for a secret is still found whatever its value's bytes, and a skipped
  /// value is not kept among the clean fields: a session of new trace ids keeps none of them.
  @Test func namedHeadersAreFoundAndTraceIDsAreNotKept() {
    var memo = SecretFinder.CleanHeaders()
    for sequence in 0..<100 {
      let headers: HTTPHeaders = [
        "Content-Type": "application/json", "x-fb-trace-id": "Tr4ce\(sequence)Id",
      ]
      var found: [Secret] = []
      SecretFinder.inHeaders(headers, into: &found, memo: &memo, side: .response)
      #expect(found.isEmpty)
    }
    #expect(!memo.fields.contains { $0.name == "x-fb-trace-id" })
    var found: [Secret] = []
    SecretFinder.inHeaders(
      ["X-Access-Token": "short1", "Authorization": "OAuth tok9"], into: &found, memo: &memo)
    #expect(found.map(\.value) == ["short1", "tok9"])
  }

  /// A secret learnt from a body is still replaced in a skipped header value.
  @Test func aSecretFoundElsewhereIsReplacedInASkippedValue() {
    var redactor = Redactor()
    let request = HTTPRequest(
      method: "GET", url: "https://graph.facebook.com/me?access_token=sh0rtTok",
      headers: ["X-Echo": "sh0rtTok"])
    let redacted = redactor.redact(
      Interaction(request: request, response: HTTPResponse(status: 200), recordedAt: ""))
    #expect(SecretFinder.cannotHoldASecret(name: "X-Echo", value: "sh0rtTok"))
    let placeholder = redactor.placeholder(for: "sh0rtTok")
    #expect(placeholder != nil)
    #expect(redacted.request.headers["X-Echo"] == placeholder)
  }
}
