import GraphAPI
import Testing

@Suite struct GraphRequestTests {
  /// Path as typed → normalised path, version, URL of a GET.
  @Test(
    arguments: [
      ("me", nil, "me", nil, "https://graph.facebook.com/me"),
      ("/me/friends", nil, "me/friends", nil, "https://graph.facebook.com/me/friends"),
      ("/me/friends/", "v2.2", "me/friends", "v2.2", "https://graph.facebook.com/v2.2/me/friends"),
      ("v2.0/me", nil, "me", "v2.0", "https://graph.facebook.com/v2.0/me"),
      ("/v2.0/me", "v2.2", "me", "v2.0", "https://graph.facebook.com/v2.0/me"),
      ("4", "2.1", "4", "v2.1", "https://graph.facebook.com/v2.1/4"),
      ("", nil, "", nil, "https://graph.facebook.com/"),
      ("/", "v2.0", "", "v2.0", "https://graph.facebook.com/v2.0/"),
      (
        "me/fb_sample_scrumps:eat", nil, "me/fb_sample_scrumps:eat", nil,
        "https://graph.facebook.com/me/fb_sample_scrumps:eat"
      ),
      ("me/a%20b", nil, "me/a b", nil, "https://graph.facebook.com/me/a%20b"),
    ] as [(String, String?, String, String?, String)])
  func pathNormalisation(
    typed: String, version: String?, path: String, expectedVersion: String?, url: String
  ) {
    let request = GraphRequest(.get, typed, version: version)
    #expect(request.path == path)
    #expect(request.version == expectedVersion)
    #expect(request.httpRequest().url == url)
    #expect(request.httpRequest().method == "GET")
    #expect(request.httpRequest().body.isEmpty)
  }

  @Test func queryInThePathComesFirstAndFieldsStayReadable() {
    let request = GraphRequest(
      .get, "me?fields=id,name,friends.limit(5){name,picture.width(100).as(pic)}",
      parameters: ["locale": "fr_FR"], accessToken: "T0K")
    #expect(
      request.httpRequest(baseURL: "http://127.0.0.1:8080/").url
        == "http://127.0.0.1:8080/me?fields=id,name,friends.limit(5){name,picture.width(100).as(pic)}"
        + "&locale=fr_FR&access_token=T0K")
  }

  @Test func pastedPagingNextKeepsItsQueryAndVersionAndToken() {
    let next =
      "https://graph.facebook.com/v2.2/10153/friends?access_token=ABC&limit=25&offset=25&__after_id=enc_X"
    let request = GraphRequest(.get, next)
    #expect(request.version == "v2.2")
    #expect(request.path == "10153/friends")
    #expect(request.accessToken == "ABC")
    #expect(request.origin == "https://graph.facebook.com")
    #expect(request.parameters.map(\.name) == ["limit", "offset", "__after_id"])
    #expect(
      request.httpRequest().url
        == "https://graph.facebook.com/v2.2/10153/friends?limit=25&offset=25&__after_id=enc_X&access_token=ABC"
    )
    // An explicit token wins over the pasted one.
    #expect(GraphRequest(.get, next, accessToken: "MINE").accessToken == "MINE")
  }

  @Test func encodingOfAwkwardValues() {
    let request = GraphRequest(
      .get, "search", parameters: ["q": "café & bar+1 #2", "center": "37.4,-122.1", "a=b": "50%"])
    #expect(
      request.httpRequest().url
        == "https://graph.facebook.com/search?q=caf%C3%A9%20%26%20bar%2B1%20%232&center=37.4,-122.1&a%3Db=50%25"
    )
  }

  @Test func postIsAFormBody() {
    let request = GraphRequest(
      .post, "me/feed", parameters: ["message": "hi there & bye", "fields": "id,message"],
      accessToken: "T")
    let http = request.httpRequest()
    #expect(http.method == "POST")
    #expect(http.url == "https://graph.facebook.com/me/feed")
    #expect(http.headers["Content-Type"] == "application/x-www-form-urlencoded")
    #expect(
      String(decoding: http.body, as: UTF8.self)
        == "message=hi%20there%20%26%20bye&fields=id%2Cmessage&access_token=T")
  }

  @Test func deleteCarriesItsParametersInTheQuery() {
    let http = GraphRequest(.delete, "me/permissions", accessToken: "T").httpRequest()
    #expect(http.method == "DELETE")
    #expect(http.url == "https://graph.facebook.com/me/permissions?access_token=T")
    #expect(http.body.isEmpty)
  }

  @Test func appSecretProofFollowsTheToken() {
    let request = GraphRequest(
      .get, "me", parameters: ["appsecret_proof": "stale"], accessToken: "EAAtoken",
      appSecret: "appsecret")
    #expect(
      request.httpRequest().url
        == "https://graph.facebook.com/me?access_token=EAAtoken"
        + "&appsecret_proof=b15e563de2a106036cef7807b362777b33c08f4b1fb1251b4a3f5a9eeca7c277")
    // No token, no proof; the secret itself never goes out.
    let anonymous = GraphRequest(.get, "me", appSecret: "appsecret").httpRequest()
    #expect(anonymous.url == "https://graph.facebook.com/me")
    #expect(!anonymous.url.contains("appsecret"))
  }

  @Test func uploadsMakeAMultipartBody() throws {
    let photo = GraphUpload(
      name: "source", filename: "meal.jpg", contentType: "image/jpeg", bytes: [0xff, 0xd8, 0x00])
    let http = GraphRequest(
      .post, "me/photos", parameters: ["message": "lunch"], uploads: [photo], accessToken: "T"
    ).httpRequest()
    let boundary = MultipartFormData.defaultBoundary
    #expect(http.headers["Content-Type"] == "multipart/form-data; boundary=\(boundary)")
    let expected: [UInt8] =
      Array(
        ("--\(boundary)\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nlunch\r\n"
          + "--\(boundary)\r\nContent-Disposition: form-data; name=\"access_token\"\r\n\r\nT\r\n"
          + "--\(boundary)\r\nContent-Disposition: form-data; name=\"source\"; "
          + "filename=\"meal.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").utf8)
      + [0xff, 0xd8, 0x00] + Array("\r\n--\(boundary)--\r\n".utf8)
    #expect(http.body == expected)
  }

  @Test(
    arguments: [
      ("v2.0", "v2.0"), ("2.1", "v2.1"), ("V3", "v3"), ("v2.", nil), ("v", nil), ("me", nil),
      ("v2.0.1", nil),
    ] as [(String, String?)])
  func versions(text: String, expected: String?) {
    #expect(GraphRequest.normalisedVersion(text) == expected)
  }
}
