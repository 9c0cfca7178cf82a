import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// The cassette's interactions, printed a line at a time into the document and appended to a
/// recording's tail, are the bytes the whole document printed as one JSON value has.
@Suite struct InteractionPrintingTests {
  static func cassette() -> Cassette {
    var cassette = CassetteFormatTests.sample
    var second = cassette.interactions[0]
    second.request.url = "https://graph.facebook.com/v2.0/me?q=a%0Ab\\n"
    second.request.body = Array("line one\nline two\n".utf8)
    second.response.body = Array("{\n  \"pretty\": [\n    1,\n    {}\n  ]\n}".utf8)
    second.response.headers = ["Set-Cookie": "a", "set-cookie": "b\nc", "X-Empty": ""]
    cassette.interactions.append(second)
    return cassette
  }

  @Test func documentIsTheWholeValuePrintedOnce() {
    let cassette = Self.cassette()
    let whole = JSONPrinter(options: [.pretty]).bytes(NativeCodec.encode(cassette)) + [0x0A]
    #expect(cassette.encoded() == whole)
  }

  @Test func eachArrayItemIsItsSliceOfTheDocument() {
    let cassette = Self.cassette()
    let document = cassette.encoded()
    var from = 0
    for interaction in cassette.interactions {
      let item = Cassette.arrayItem(interaction)
      let found = document[from...].firstRange(of: item)
      #expect(found != nil)
      from = found?.upperBound ?? from
    }
  }
}
