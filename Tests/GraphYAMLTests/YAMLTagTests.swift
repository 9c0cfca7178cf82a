import GraphJSON
import GraphYAML
import Testing

/// Issue 27: the tags old recorders wrote where the reader did not expect them.
@Suite struct YAMLTagTests {
  @Test func stringTagsInAFlowMappingAreText() throws {
    let value = try YAMLReader.parse(
      """
      a: {string: !!python/unicode '{"id": "1"}'}
      b: {string: !!python/unicode ''}
      c: {string: !!python/str 12, d: !!str null}
      e: [!!python/unicode 'x', !binary "eHk="]
      f: {string: !ruby/object:Foo 'kept'}

      """)
    #expect(value["a"]?["string"] == .string(#"{"id": "1"}"#))
    // Empty, not the tag's own text (it replayed as a 19-byte body for a 302).
    #expect(value["b"]?["string"] == .string(""))
    #expect(value["c"]?["string"] == .string("12"))
    #expect(value["c"]?["d"] == .string("null"))
    #expect(value["e"]?[0] == .string("x"))
    #expect(value["e"]?[1] == [YAMLReader.binaryTag: "eHk="])
    #expect(value["f"]?["string"] == .string("kept"))
  }

  @Test func aBinaryKeyIsItsDecodedText() throws {
    let value = try YAMLReader.parse(
      """
      headers:
        !binary "Q29udGVudC1UeXBl":
        - !binary |-
          dGV4dC9wbGFpbg==
        plain: [x]

      """)
    let headers = try #require(value["headers"])
    #expect(headers["Content-Type"]?[0] == [YAMLReader.binaryTag: "dGV4dC9wbGFpbg=="])
    #expect(headers["plain"] == ["x"])
    #expect(throws: YAMLReader.Failure.self) {
      try YAMLReader.parse("h:\n  !binary \"not base64!\": 1\n")
    }
  }

  @Test func aStructTagAloneOnItsLineIsItsMapping() throws {
    let value = try YAMLReader.parse(
      """
      --- 
      - !ruby/struct:VCR::HTTPInteraction 
        request: !ruby/struct:VCR::Request 
          method: :get
          body: 

      """)
    #expect(value[0]?["request"]?["method"] == .string(":get"))
    #expect(value[0]?["request"]?["body"] == .null)
  }
}
