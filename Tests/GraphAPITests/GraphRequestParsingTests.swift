import GraphAPI
import Testing

@Suite struct GraphRequestParsingTests {
  @Test func absoluteGetWithVersionAndToken() throws {
    let request = try GraphRequest(
      parsing: HTTPRequest(
        url: "http://127.0.0.1:9000/v2.0/me/friends?limit=2&access_token=T&fields=id,name"))
    #expect(request.method == .get)
    #expect(request.version == "v2.0")
    #expect(request.pathComponents == ["me", "friends"])
    #expect(request.parameters == ["limit": "2", "fields": "id,name"])
    #expect(request.accessToken == "T")
    #expect(request.origin == "http://127.0.0.1:9000")
  }

  @Test func relativeURLTakesTheHostHeader() throws {
    let request = try GraphRequest(
      parsing: HTTPRequest(url: "/me", headers: ["Host": "localhost:8080"]))
    #expect(request.origin == "http://localhost:8080")
    #expect(request.path == "me")
    #expect(try GraphRequest(parsing: HTTPRequest(url: "/me")).origin == nil)
  }

  @Test func formBodyMergesAfterTheQueryAndMethodOverrideApplies() throws {
    let request = try GraphRequest(
      parsing: HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/123_456?suppress_http_code=1",
        headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"],
        body: Array("method=delete&access_token=T&x=a+b".utf8)))
    #expect(request.method == .delete)
    #expect(request.parameters == ["suppress_http_code": "1", "x": "a b"])
    #expect(request.accessToken == "T")
  }

  @Test func multipartBodyGivesParametersAndUploads() throws {
    let sent = GraphRequest(
      .post, "v2.2/me/photos", parameters: ["message": "lunch"],
      uploads: [
        GraphUpload(name: "source", filename: "m.jpg", contentType: "image/jpeg", bytes: [9])
      ],
      accessToken: "T", appSecret: "S")
    let parsed = try GraphRequest(parsing: sent.httpRequest())
    #expect(parsed.method == .post)
    #expect(parsed.version == "v2.2")
    #expect(parsed.path == "me/photos")
    #expect(parsed.parameters["message"] == "lunch")
    #expect(parsed.parameters["appsecret_proof"] == sent.appSecretProof)
    #expect(parsed.accessToken == "T")
    #expect(parsed.uploads == sent.uploads)
  }

  @Test func jsonBodyAndBearerToken() throws {
    let request = try GraphRequest(
      parsing: HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/me/feed",
        headers: ["Content-Type": "application/json", "Authorization": "Bearer XYZ"],
        body: Array(#"{"message":"hi","privacy":{"value":"SELF"},"n":3}"#.utf8)))
    #expect(request.accessToken == "XYZ")
    #expect(request.parameters == ["message": "hi", "privacy": #"{"value":"SELF"}"#, "n": "3"])
  }

  @Test func buildThenParseRoundTrips() throws {
    let original = GraphRequest(
      .get, "me", parameters: ["fields": "id,friends.limit(2){name}", "q": "a&b=c"],
      version: "v2.1", accessToken: "T")
    let parsed = try GraphRequest(parsing: original.httpRequest(baseURL: "http://h:1"))
    #expect(parsed.parameters == original.parameters)
    #expect(parsed.version == original.version)
    #expect(parsed.path == original.path)
    #expect(parsed.accessToken == original.accessToken)
  }

  @Test(arguments: [
    (
      HTTPRequest(method: "PUT", url: "https://graph.facebook.com/me"),
      GraphAPIError.unsupportedMethod("PUT")
    ),
    (HTTPRequest(url: "me"), GraphAPIError.invalidURL("me")),
  ])
  func badRequestsAreErrors(request: HTTPRequest, error: GraphAPIError) {
    #expect(throws: error) { try GraphRequest(parsing: request) }
  }
}
