import GraphAPI
import Testing

@Suite struct FieldSelectionTests {
  /// Written selection → canonical text.
  @Test(arguments: [
    ("id", "id"),
    ("id,name", "id,name"),
    (" id , name ", "id,name"),
    ("id,\r\n\tname", "id,name"),
    ("", ""),
    ("   ", ""),
    (
      "id,name,friends.limit(5){name,picture.width(100).as(pic)}",
      "id,name,friends.limit(5){name,picture.width(100).as(pic)}"
    ),
    ("friends.fields(name,id)", "friends{name,id}"),
    ("friends.limit(2).fields(name,picture.fields(url))", "friends.limit(2){name,picture{url}}"),
    ("picture.as(small).width(50)", "picture.width(50).as(small)"),
    ("picture.width( 100 ).height(100 )", "picture.width(100).height(100)"),
    (
      "posts{comments.limit(5){message,from{name}}}", "posts{comments.limit(5){message,from{name}}}"
    ),
    ("friends { name , id }", "friends{name,id}"),
    ("posts.since(2014-01-01).until(now)", "posts.since(2014-01-01).until(now)"),
    ("picture.type()", "picture.type()"),
    ("fb_sample_scrumps:eat{id}", "fb_sample_scrumps:eat{id}"),
    ("likes.summary(true).limit(0)", "likes.summary(true).limit(0)"),
    ("a.m(1,2, 3)", "a.m(1,2,3)"),
  ])
  func canonicalPrint(text: String, canonical: String) throws {
    let selection = try FieldSelection(parsing: text)
    #expect(selection.description == canonical)
    // Printing then parsing is identity.
    #expect(try FieldSelection(parsing: canonical) == selection)
  }

  @Test func treeShape() throws {
    let selection = try FieldSelection(
      parsing: "id,friends.limit(5).offset(2){name,picture.width(100).as(pic)}")
    #expect(selection.fields.map(\.name) == ["id", "friends"])
    let friends = try #require(selection.field("friends"))
    #expect(friends.modifier("limit") == ["5"])
    #expect(friends.modifier("offset") == ["2"])
    #expect(friends.modifier("as") == nil)
    #expect(friends.modifiers.map(\.name) == ["limit", "offset"])
    let picture = try #require(friends.subfields?.field("picture"))
    #expect(picture.alias == "pic")
    #expect(picture.outputName == "pic")
    #expect(picture.modifiers == [.init(name: "width", arguments: ["100"])])
    #expect(friends.subfields?.field("name")?.outputName == "name")
    #expect(selection.field("name") == nil)
  }

  /// Malformed selection → message fragment and 1-based column of the problem.
  @Test(arguments: [
    ("id,", "expected a field name, found the end", 4),
    (",id", "expected a field name, found ','", 1),
    ("id,,name", "expected a field name, found ','", 4),
    ("friends{name", "expected ',' or '}' in the selection of 'friends', found the end", 13),
    ("friends{}", "expected a field name inside '{}'", 9),
    ("friends{name}}", "expected ',' or the end of the selection, found '}'", 14),
    ("picture.", "expected a modifier name after '.', found the end", 9),
    ("picture.width", "expected '(' after modifier 'width'", 14),
    ("picture.width(100", "expected ')' to close .width(", 18),
    ("picture.width(1{0)", "unexpected '{' in the arguments of .width()", 16),
    ("picture.as()", "expected one alias name in .as()", 12),
    ("picture.as(a,b)", "expected one alias name in .as()", 12),
    ("friends.fields()", "expected a field name inside .fields()", 16),
    ("friends.fields(name", "expected ')' to close .fields(", 20),
    ("id name", "expected ',' or the end of the selection, found 'n'", 4),
    ("na#me", "expected ',' or the end of the selection, found '#'", 3),
    ("é,{", "expected a field name, found '{'", 3),
  ])
  func errorsPointAtTheColumn(text: String, message: String, column: Int) {
    #expect(throws: FieldSelectionError(message: message, column: column)) {
      try FieldSelection(parsing: text)
    }
  }

  @Test func errorDescriptionNamesTheColumn() {
    #expect(
      FieldSelectionError(message: "expected a field name, found the end", column: 4).description
        == "fields, column 4: expected a field name, found the end")
  }

  @Test func nestingIsLimited() throws {
    let deep64 = String(repeating: "a{", count: 63) + "b" + String(repeating: "}", count: 63)
    #expect(try FieldSelection(parsing: deep64).description == deep64)
    let deep65 = String(repeating: "a{", count: 64) + "b" + String(repeating: "}", count: 64)
    #expect {
      try FieldSelection(parsing: deep65)
    } throws: { error in
      (error as? FieldSelectionError)?.message == "selection nested deeper than 64 levels"
    }
  }

  @Test func builtSelectionPrintsCanonically() {
    let selection = FieldSelection([
      .init(name: "id"),
      .init(
        name: "friends", modifiers: [.init(name: "limit", arguments: ["5"])],
        subfields: FieldSelection([.init(name: "picture", alias: "pic")])),
    ])
    #expect(selection.description == "id,friends.limit(5){picture.as(pic)}")
  }
}
