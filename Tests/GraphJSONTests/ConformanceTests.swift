import GraphJSON
import GraphJSONTestSupport
import Testing

/// JSONTestSuite (test_parsing), read from Tests/Conformance: every `y_` accepted, every `n_` rejected, no
/// crash on the `i_` files.
@Suite struct ConformanceTests {
  static let accepted = JSONTestSuite.cases("y_")
  static let rejected = JSONTestSuite.cases("n_")
  static let either = JSONTestSuite.cases("i_")

  @Test func suiteIsPresent() {
    #expect(JSONTestSuite.problem == nil, "\(JSONTestSuite.problem ?? "")")
    #expect(Self.accepted.count == 95)
    #expect(Self.rejected.count == 188)
    #expect(Self.either.count == 35)
  }

  @Test(arguments: accepted)
  func acceptsValidDocument(_ testCase: JSONTestSuite.Case) throws {
    let value = try JSONParser.parse(testCase.bytes)
    // What was accepted prints back to something that parses to the same value.
    #expect(try JSONParser.parse(value.compactText) == value)
  }

  @Test(arguments: rejected)
  func rejectsInvalidDocument(_ testCase: JSONTestSuite.Case) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(testCase.bytes) }
  }

  @Test(arguments: either)
  func survivesImplementationDefinedDocument(_ testCase: JSONTestSuite.Case) throws {
    switch Result(catching: { () throws(JSONParseError) in try JSONParser.parse(testCase.bytes) }) {
    case .success(let value): #expect(try JSONParser.parse(value.prettyText) == value)
    case .failure(let error): #expect(error.line >= 1 && error.column >= 1)
    }
  }

  @Test func hundredThousandNestedArraysFailWithAClearError() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text + String(repeating: "]", count: 100_000))
    } catch {
      #expect(error.reason == .tooDeep(limit: 512))
      #expect(error.description == "line 1, column 513: nesting deeper than 512 levels")
    }
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    let value = try JSONParser.parse(text)
    #expect(value.compactText == text)
  }
}
