import GraphAPI
import Testing

@Suite struct AnswerExplanationTests {
  @Test func explainsThe2500Error() {
    let body =
      #"{"error":{"message":"An active access token must be used to query information about the current user.","type":"OAuthException","code":2500,"fbtrace_id":"Ab1"}}"#
    let explanation = AnswerExplanation(
      response: HTTPResponse(status: 400, body: Array(body.utf8)), sdkVersion: .v3_5)
    let lines = explanation.lines
    #expect(
      lines.first
        == "Error 2500 (OAuthException), HTTP 400: An active access token must be used to query information about the current user."
    )
    #expect(lines.contains("  fbtrace_id: Ab1"))
    #expect(lines.contains("What it is (2500): Active access token required or unknown path"))
    #expect(lines.contains { $0.hasPrefix("  Fix: Log in") })
    #expect(
      lines.contains(
        "  description: The operation couldn’t be completed. (com.facebook.sdk error 5.)"))
    #expect(lines.contains("  fberrorCategory: FBErrorCategoryFacebookOther"))
    #expect(
      lines.last == "Android SDK 3.x: BAD_REQUEST; PHP SDK 4.x-5.x: FacebookAuthenticationException"
    )
  }

  @Test func explainsAPermissionsErrorWithTheUserMessage() {
    let body =
      #"{"error":{"message":"(#200) Requires extended permission: publish_actions","type":"OAuthException","code":200}}"#
    let lines = AnswerExplanation(response: HTTPResponse(status: 403, body: Array(body.utf8))).lines
    #expect(lines.contains("What it is (200-299): Requires extended permission"))
    #expect(lines.contains("  fberrorCategory: FBErrorCategoryPermissions"))
    #expect(
      lines.contains(
        "  fberrorUserMessage: This app doesn't have permission to do this. To change permissions, try logging into the app again."
      ))
    #expect(
      lines.last == "Android SDK 3.x: PERMISSION; PHP SDK 4.x-5.x: FacebookAuthorizationException")
  }

  @Test func unknownCodesSuccessesAndBareErrors() {
    let unknown = AnswerExplanation(
      response: HTTPResponse(
        status: 400, body: Array(#"{"error":{"message":"m","code":4242}}"#.utf8)))
    #expect(unknown.lines.contains("Code 4242 is not in the error catalogue."))
    let success = AnswerExplanation(response: HTTPResponse(status: 200, body: Array("true".utf8)))
    #expect(success.lines.first == "HTTP 200: not an error.")
    #expect(success.lines.contains(#"  {"FACEBOOK_NON_JSON_RESULT":"true"}"#))
    #expect(success.android == nil)
    let gateway = AnswerExplanation(response: HTTPResponse(status: 502, body: Array("<html>".utf8)))
    #expect(gateway.lines.first == "HTTP 502 without a Graph error body.")
    #expect(gateway.lines.last == "Android SDK 3.x: SERVER")
  }

  @Test func requestDescriptionHidesSecrets() {
    let get = GraphRequest(
      .get, "me", parameters: ["fields": "id,name{first}"], version: "v2.2", accessToken: "SECRET",
      appSecret: "APPSECRET")
    #expect(
      get.description
        == "GET /v2.2/me?fields=id,name{first}&access_token=<redacted>&appsecret_proof=<redacted>")
    let post = GraphRequest(
      .post, "me/photos", parameters: ["message": "hi"],
      uploads: [GraphUpload(name: "source", filename: "a.jpg", bytes: [])], accessToken: "SECRET")
    #expect(post.description == "POST /me/photos message=hi&access_token=<redacted> source@a.jpg")
    #expect(!"\(get)".contains("SECRET"))
  }
}
