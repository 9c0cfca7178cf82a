import GraphJSON
import Testing

@Suite struct JSONPathTests {
  static let document: JSONValue = {
    let text = #"""
      {"id": "1_2", "data": [{"id": "10", "from": {"name": "Ann"}}, {"id": "11"}],
       "paging": {"cursors": {"after": "QVFI", "before": "MTA="}},
       "odd key": {"a.b": 1, "": 2, "x\"y": 3}, "dup": 1, "dup": 2, "0": "zero"}
      """#
    return (try? JSONParser.parse(text)) ?? .null
  }()

  static let evaluations: [(path: String, result: JSONValue?)] = [
    ("id", "1_2"),
    (".id", "1_2"),
    ("data[0].id", "10"),
    ("data[1].id", "11"),
    ("data[-1].id", "11"),
    ("data[0].from.name", "Ann"),
    ("paging.cursors.after", "QVFI"),
    (#"["odd key"]["a.b"]"#, 1),
    (#"["odd key"][""]"#, 2),
    (#"["odd key"]["x\"y"]"#, 3),
    (#"["id"]"#, "1_2"),
    ("dup", 2),
    ("0", "zero"),
    ("", document),
    (".", document),
    ("data[2]", nil),
    ("data[-3]", nil),
    ("missing", nil),
    ("id.deeper", nil),
    ("data.id", nil),
    ("paging[0]", nil),
  ]

  @Test(arguments: evaluations)
  func evaluatesAgainstAGraphAnswer(_ path: String, _ result: JSONValue?) throws {
    #expect(try JSONPath(parsing: path).evaluate(on: Self.document) == result)
  }

  @Test func parsesIntoComponents() throws {
    #expect(
      try JSONPath(parsing: #"data[0]["odd key"].id"#).components == [
        .key("data"), .index(0), .key("odd key"), .key("id"),
      ])
    #expect(try JSONPath(parsing: "[3]").components == [.index(3)])
    #expect(try JSONPath(parsing: "café.ß").components == [.key("café"), .key("ß")])
  }

  static let canonical: [(String, String)] = [
    ("data[0].id", "data[0].id"),
    (".paging.cursors.after", "paging.cursors.after"),
    (#"["plain"]"#, "plain"),
    (#"["odd key"].x"#, #"["odd key"].x"#),
    (#"a["x\"y"]"#, #"a["x\"y"]"#),
    ("[-1]", "[-1]"),
    ("", "."),
  ]

  @Test(arguments: canonical)
  func printsCanonically(_ text: String, _ printed: String) throws {
    let path = try JSONPath(parsing: text)
    #expect(path.description == printed)
    #expect(try JSONPath(parsing: printed) == path)
  }

  static let errors: [(String, String)] = [
    ("data.", "column 6: expected a key after '.', found end of input"),
    ("data..id", "column 6: expected a key after '.', found '.'"),
    ("data[x]", "column 6: expected an index or a quoted key after '[', found 'x'"),
    ("data[0", "column 7: expected ']' after an index, found end of input"),
    ("data[0x]", "column 7: expected ']' after an index, found 'x'"),
    ("data[]", "column 6: expected an index or a quoted key after '[', found ']'"),
    (#"["abc"#, "column 6: expected '\"' to close the key, found end of input"),
    (#"["a"x]"#, "column 5: expected ']' after a quoted key, found 'x'"),
    (
      #"["a\qb"]"#, "column 5: expected an escape character (one of \" \\ / b f n r t u), found 'q'"
    ),
    ("data id", "column 5: expected '.' or '[', found ' '"),
    ("a]", "column 2: expected '.' or '[', found ']'"),
    ("[99999999999999999999]", "column 2: expected an index, found '9'"),
    ("..a", "column 2: expected a key or '[', found '.'"),
  ]

  @Test(arguments: errors)
  func errorsNameTheColumn(_ text: String, _ message: String) {
    #expect(throws: JSONPathError.self) { try JSONPath(parsing: text) }
    do {
      _ = try JSONPath(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }
}
