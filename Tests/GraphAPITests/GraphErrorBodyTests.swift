import GraphAPI
import GraphJSON
import Testing

@Suite struct GraphErrorBodyTests {
  @Test func parsesEveryGraphField() throws {
    let body = """
      {"error":{"message":"(#506) Duplicate status message","type":"OAuthException","code":506,\
      "error_subcode":1455006,"is_transient":false,"error_user_title":"Duplicate Status Update",\
      "error_user_msg":"This status update is identical to the last one you posted.",\
      "fbtrace_id":"AbC123"}}
      """
    let error = try #require(GraphErrorBody(body: Array(body.utf8)))
    #expect(error.message == "(#506) Duplicate status message")
    #expect(error.type == "OAuthException")
    #expect(error.code == 506)
    #expect(error.subcode == 1_455_006)
    #expect(error.isTransient == false)
    #expect(error.userTitle == "Duplicate Status Update")
    #expect(error.userMessage == "This status update is identical to the last one you posted.")
    #expect(error.fbtraceID == "AbC123")
    #expect(error.shape == .graph)
    #expect(error.codeLabel == "506/1455006")
    // Printing gives back the same text, members in Graph's order.
    #expect(error.json.compactText == body)
  }

  @Test func parsesTheOlderRESTShape() throws {
    let error = try #require(
      GraphErrorBody(
        body: Array(#"{"error_code":190,"error_msg":"Invalid OAuth 2.0 Access Token"}"#.utf8)))
    #expect(error.shape == .legacyREST)
    #expect(error.code == 190)
    #expect(error.message == "Invalid OAuth 2.0 Access Token")
    #expect(
      error.json.compactText == #"{"error_code":190,"error_msg":"Invalid OAuth 2.0 Access Token"}"#)
  }

  @Test func theExact2500Body() {
    let error = GraphErrorBody(
      message: "An active access token must be used to query information about the current user.",
      type: "OAuthException", code: 2500, fbtraceID: "A1b2C3d4E5f")
    #expect(
      error.json.compactText
        == #"{"error":{"message":"An active access token must be used to query information about the current user.","type":"OAuthException","code":2500,"fbtrace_id":"A1b2C3d4E5f"}}"#
    )
  }

  @Test(arguments: [
    #"{"id":"4","name":"Mark"}"#, "true", "not json", #"{"error":"string"}"#, "[]",
  ])
  func nonErrorsAreNil(body: String) {
    #expect(GraphErrorBody(body: Array(body.utf8)) == nil)
  }

  @Test func codeAsStringStillReads() {
    let error = GraphErrorBody(json: ["error": ["message": "m", "code": "17"]])
    #expect(error?.code == 17)
    #expect(error?.codeLabel == "17")
    #expect(GraphErrorBody(json: ["error": ["message": "m"]])?.codeLabel == "?")
  }
}
