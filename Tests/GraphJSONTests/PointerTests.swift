import GraphJSON
import Testing

@Suite struct PointerTests {
  static let document: JSONValue = [
    "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,
    "k\"l": 6, " ": 7, "m~n": 8,
  ]

  // RFC 6901 section 5.
  @Test(
    arguments: [
      ("", nil), ("/foo", nil), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
      ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ] as [(String, JSONValue?)])
  func rfcExamples(_ text: String, _ expected: JSONValue?) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(pointer.description == text)
    let found = pointer.evaluate(in: Self.document)
    if let expected {
      #expect(found == expected)
    } else {
      #expect(found != nil)
    }
  }

  @Test func wholeDocumentAndFoo() throws {
    #expect(try JSONPointer(parsing: "").evaluate(in: Self.document) == Self.document)
    #expect(try JSONPointer(parsing: "/foo").evaluate(in: Self.document) == ["bar", "baz"])
  }

  @Test func escapeRoundTrips() throws {
    #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
    let pointer = JSONPointer(tokens: ["a/b~c", "", "~1"])
    #expect(pointer.description == "/a~1b~0c//~01")
    #expect(try JSONPointer(parsing: pointer.description) == pointer)
  }

  @Test(arguments: ["foo", "/a~2b", "/a~"])
  func invalidPointersAreRejected(_ text: String) {
    #expect(throws: JSONPatchError.self) { try JSONPointer(parsing: text) }
  }

  @Test(arguments: ["/foo/01", "/foo/1e0", "/foo/-", "/foo/2", "/foo/-1", "/nope", "/foo/0/x"])
  func missingTargetsEvaluateToNil(_ text: String) throws {
    #expect(try JSONPointer(parsing: text).evaluate(in: Self.document) == nil)
  }
}
