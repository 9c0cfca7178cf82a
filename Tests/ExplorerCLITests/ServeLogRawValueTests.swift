import Testing

@testable import ExplorerCLI

/// The serve log masks a secret's whole value however it is encoded (issue 26): the decoded
/// value ends at the space, `&`, `(`, `,` or `;` an escape stands for, the raw one does not.
@Suite struct ServeLogRawValueTests {
  @Test(arguments: ["%20", "%26", "%28", "%2C", "%3B", "%2c", "+"])
  func theWholeRawValueIsMasked(escape: String) {
    let masked = ServeLog.mask("/v2.2/me?fields=id&access_token=AAA\(escape)TAIL&limit=2")
    #expect(masked == "/v2.2/me?fields=id&access_token=***&limit=2")
    #expect(!masked.contains("TAIL"))
  }

  @Test func anEncodedNameAndEveryPlaceAValueEnds() {
    #expect(ServeLog.mask("/me?access%5Ftoken=A%20B;x=1") == "/me?access%5Ftoken=***;x=1")
    #expect(
      ServeLog.mask("/cb#access_token=A%2CB&expires_in=5") == "/cb#access_token=***&expires_in=5")
    #expect(
      ServeLog.mask("'GET /me?client_secret=S%3BT HTTP/1.1'")
        == "'GET /me?client_secret=*** HTTP/1.1'")
    #expect(ServeLog.mask("/me?fields=a%20b") == "/me?fields=a%20b")
  }
}
