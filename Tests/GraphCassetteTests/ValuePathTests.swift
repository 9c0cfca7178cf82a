import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct ValuePathTests {
  @Test(arguments: ["error.code", "data[0].id", "data[*].id", "paging.cursors.*", "[\"odd.key\"]"])
  func parsesAndPrintsBack(text: String) throws {
    let path = try #require(ValuePath(parsing: text))
    #expect(ValuePath(parsing: path.description) == path)
  }

  @Test(arguments: ["", "a..b", "a[", "a[x]", "a."])
  func rejectsMalformed(text: String) {
    #expect(ValuePath(parsing: text) == nil)
  }

  @Test func looksUpValues() throws {
    let value = try JSONParser.parse(#"{"data":[{"id":"7"}],"error":{"code":200}}"#)
    #expect(ValuePath(parsing: "data[0].id")?.lookup(in: value) == "7")
    #expect(ValuePath(parsing: "error.code")?.lookup(in: value) == 200)
    #expect(ValuePath(parsing: "data[1]")?.lookup(in: value) == nil)
  }

  @Test func expectationsReportEachFailure() throws {
    let response = HTTPResponse(status: 400, body: Array(#"{"error":{"code":200}}"#.utf8))
    let e = Expectation(
      status: 200, errorCode: 190, values: [], absent: [ValuePath(parsing: "error")!])
    #expect(
      e.failures(for: response) == [
        "status is 400, expected 200", "error.code is 200, expected 190",
        #"error is {"code":200}, expected it to be absent"#,
      ])
    #expect(Expectation(status: 400, errorCode: 200).failures(for: response).isEmpty)
  }
}
