import GraphJSON
import Testing

@Suite struct PatchTests {
  func apply(_ patch: String, to doc: String) throws -> JSONValue {
    try JSONPatch(parsing: JSONParser.parse(patch)).apply(to: JSONParser.parse(doc))
  }

  func failure(_ patch: String, _ doc: String) -> String? {
    do {
      _ = try apply(patch, to: doc)
      return nil
    } catch let error as JSONPatchError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameTheOperationIndexAndPath() {
    #expect(
      failure(
        #"[{"op":"add","path":"/a","value":1},{"op":"remove","path":"/data/7"}]"#,
        #"{"data":[1,2]}"#)
        == "operation 1 (remove /data/7): no index 7 in the array at /data (it has 2 elements)")
    #expect(
      failure(#"[{"op":"replace","path":"/x/y","value":1}]"#, #"{"x":{}}"#)
        == #"operation 0 (replace /x/y): no member "y" in the object at /x"#)
    #expect(
      failure(#"[{"op":"test","path":"/a","value":"b"}]"#, #"{"a":"c"}"#)
        == #"operation 0 (test /a): expected "b", found "c""#)
    #expect(
      failure(#"[{"op":"spam","path":"/a"}]"#, "{}")
        == #"operation 0: unknown op "spam" (expected add, remove, replace, move, copy or test)"#)
    #expect(
      failure(#"[{"op":"add","path":"a","value":1}]"#, "{}")
        == #"operation 0: 'path': invalid JSON Pointer "a": a JSON Pointer must be empty or start with '/'"#
    )
    #expect(
      failure(#"[{"op":"move","from":"/a","path":"/a/b"}]"#, #"{"a":{}}"#)
        == "operation 0 (move /a/b): cannot move /a into one of its own children")
    #expect(
      failure(#"{"op":"add"}"#, "{}")
        == "invalid JSON Patch: expected an array of operations, found object")
  }

  @Test func movesAndCopies() throws {
    #expect(
      try apply(#"[{"op":"move","from":"/a/0","path":"/a/2"}]"#, to: #"{"a":[1,2,3]}"#)
        == ["a": [2, 3, 1]])
    #expect(
      try apply(#"[{"op":"copy","from":"/a","path":"/b"}]"#, to: #"{"a":[1]}"#)
        == ["a": [1], "b": [1]])
  }

  @Test func patchIsAtomic() throws {
    let doc = try JSONParser.parse(#"{"a":1}"#)
    let patch = try JSONPatch(
      parsing: JSONParser.parse(
        #"[{"op":"add","path":"/b","value":2},{"op":"remove","path":"/c"}]"#))
    #expect(throws: JSONPatchError.self) { try patch.apply(to: doc) }
    #expect(doc == ["a": 1])
  }
}

@Suite struct PatchMergeTests {
  // RFC 7386 appendix A.
  @Test(arguments: [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, "null", "null"),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ])
  func rfcExamples(_ target: String, _ patch: String, _ result: String) throws {
    let applied = JSONMergePatch.apply(
      try JSONParser.parse(patch), to: try JSONParser.parse(target))
    #expect(applied == (try JSONParser.parse(result)))
  }

  @Test func generatedMergePatchRoundTrips() throws {
    let old = try JSONParser.parse(#"{"a":1,"b":{"c":[1,2],"d":"x"},"e":true}"#)
    let new = try JSONParser.parse(#"{"a":1,"b":{"c":[1,3]},"f":{"g":1}}"#)
    let patch = JSONMergePatch.generate(from: old, to: new)
    #expect(patch.compactText == #"{"e":null,"b":{"d":null,"c":[1,3]},"f":{"g":1}}"#)
    #expect(JSONMergePatch.isExact(patch, from: old, to: new))
  }

  @Test func nullMembersCannotBeExpressed() throws {
    let old = try JSONParser.parse(#"{"a":1}"#)
    let new = try JSONParser.parse(#"{"a":null}"#)
    let patch = JSONMergePatch.generate(from: old, to: new)
    #expect(!JSONMergePatch.isExact(patch, from: old, to: new))
  }
}
