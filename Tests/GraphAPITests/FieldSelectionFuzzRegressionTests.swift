import Foundation
import GraphAPI
import Testing

/// The `fields` fuzz target's find: `m(` then a tab then a combining mark. The canonical text
/// drops the tab, and read as graphemes the mark merged with `(`, so the canonical text did
/// not parse back (the parser now reads Unicode scalars).
@Suite struct FieldSelectionFuzzRegressionTests {
  @Test func aCombiningMarkAfterPunctuationParsesBack() throws {
    let data = try #require(Data(base64Encoded: "dGEubSgJzZKeLiwsLEBtYSovLCyfYSwp"))
    let selection = try FieldSelection(parsing: String(decoding: data, as: UTF8.self))
    #expect(try FieldSelection(parsing: selection.description) == selection)
    let marked = try FieldSelection(parsing: "a.limit(\u{352}1),b")
    #expect(try FieldSelection(parsing: marked.description) == marked)
  }
}
