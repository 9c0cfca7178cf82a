import GraphJSON
import Testing

/// `forEachElementReleasingThePast`: a large array's elements, read in order while the tape
/// and text before each are given back, are the values a tree of the document holds.
@Suite struct DocumentReleaseTests {
  @Test func elementsReadWhileThePastIsGivenBackAreIntact() throws {
    // About 8 MB: the tape and the text are given back several times over.
    var text = #"{"before": "a member read first", "items": ["#
    for n in 0..<40_000 {
      if n > 0 { text += "," }
      text += #"{"id": "\#(n)", "url": "https://graph.facebook.com/v2.8/\#(n)?fields=id,name","#
      text += #" "body": "\#(String(repeating: "x", count: n % 300))", "n": \#(n * 7)}"#
    }
    text += #"], "after": "a member after the list"}"#
    let bytes = Array(text.utf8)
    let tree = try JSONParser.parse(bytes)
    let document = try JSONDocument(parsing: bytes)
    #expect(document.root["before"]?.stringValue == "a member read first")
    let items = try #require(document.root["items"])
    var index = 0
    var mismatches = 0
    items.forEachElementReleasingThePast { (element: JSONDocument.Value) in
      if element.jsonValue != tree["items"]?[index] { mismatches += 1 }
      index += 1
    }
    #expect(index == 40_000)
    #expect(mismatches == 0)
  }

  /// Documents of 16 MiB and more are unmapped on a thread of their own when dropped: parsing
  /// and dropping several in a row gives each its own values, the first freed while the next parse
  /// runs.
  @Test func largeDocumentsDroppedInARowAreEachIntact() throws {
    let line = String(repeating: "abcdefghij", count: 10)
    for round in 0..<3 {
      var text = "["
      for n in 0..<180_000 {
        if n > 0 { text += "," }
        text += "\"\(round)-\(n)-\(line)\""
      }
      text += "]"
      var document: JSONDocument? = try JSONDocument(parsing: text)
      #expect(try #require(document).byteSize >= 16 << 20)
      #expect(document?.root[179_999]?.stringValue == "\(round)-179999-\(line)")
      #expect(document?.root.count == 180_000)
      document = nil
    }
  }
}
