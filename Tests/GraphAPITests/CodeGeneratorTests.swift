import GraphAPI
import Testing

@Suite struct CodeGeneratorTests {
  static let get = GraphRequest(
    .get, "me", parameters: ["fields": "id,name,friends.limit(2){name}"], version: "v2.2",
    accessToken: "SECRET_TOKEN")
  static let post = GraphRequest(
    .post, "me/feed", parameters: ["message": "Don't \"panic\"\n"], accessToken: "SECRET_TOKEN")
  static let upload = GraphRequest(
    .post, "me/photos", parameters: ["message": "lunch"],
    uploads: [
      GraphUpload(name: "source", filename: "meal.jpg", contentType: "image/jpeg", bytes: [1])
    ],
    accessToken: "SECRET_TOKEN")
  static let delete = GraphRequest(
    .delete, "me/permissions", accessToken: "SECRET_TOKEN", appSecret: "APP_SECRET")

  @Test func curlGet() {
    #expect(
      CodeGenerator().code(for: Self.get, in: .curl) == """
        curl -i -g -X GET \\
          'https://graph.facebook.com/v2.2/me?fields=id,name,friends.limit(2){name}&access_token=<ACCESS_TOKEN>'

        """)
  }

  @Test func curlPostQuotesForTheShell() {
    #expect(
      CodeGenerator().code(for: Self.post, in: .curl) == """
        curl -i -g -X POST \\
          --data-urlencode 'message=Don'\\''t "panic"
        ' \\
          --data-urlencode 'access_token=<ACCESS_TOKEN>' \\
          'https://graph.facebook.com/me/feed'

        """)
  }

  @Test func curlUploadAndDeleteWithProof() {
    #expect(
      CodeGenerator(baseURL: "http://127.0.0.1:8080/").code(for: Self.upload, in: .curl) == """
        curl -i -g -X POST \\
          --form-string 'message=lunch' \\
          --form-string 'access_token=<ACCESS_TOKEN>' \\
          -F 'source=@meal.jpg;type=image/jpeg' \\
          'http://127.0.0.1:8080/me/photos'

        """)
    #expect(
      CodeGenerator().code(for: Self.delete, in: .curl) == """
        curl -i -g -X DELETE \\
          'https://graph.facebook.com/me/permissions?access_token=<ACCESS_TOKEN>&appsecret_proof=<APPSECRET_PROOF>'

        """)
  }

  @Test func withTokenWritesTheRealTokenButNeverTheSecret() {
    let code = CodeGenerator(includeToken: true).code(for: Self.delete, in: .curl)
    #expect(
      code.contains(
        "access_token=SECRET_TOKEN&appsecret_proof=\(Self.delete.appSecretProof ?? "-")"))
    for language in CodeLanguage.allCases {
      let withToken = CodeGenerator(includeToken: true).code(for: Self.delete, in: language)
      // The PHP SDK is given the app secret as a placeholder; the real one is never written.
      let placeholderless = withToken.replacingOccurrences(of: "<APP_SECRET>", with: "")
      #expect(!placeholderless.contains("APP_SECRET"), "\(language)")
      let without = CodeGenerator().code(for: Self.delete, in: language)
      #expect(!without.contains("SECRET_TOKEN"), "\(language)")
      #expect(!without.contains(Self.delete.appSecretProof ?? "-"), "\(language)")
    }
  }

  @Test func objectiveC() {
    #expect(
      CodeGenerator().code(for: Self.get, in: .objc) == """
        // Facebook iOS SDK 3.x.
        // The SDK adds the access token of the active FBSession.
        NSDictionary *parameters = @{
          @"fields": @"id,name,friends.limit(2){name}",
        };
        [FBRequestConnection startWithGraphPath:@"v2.2/me"
                                     parameters:parameters
                                     HTTPMethod:@"GET"
                              completionHandler:^(FBRequestConnection *connection, id result, NSError *error) {
          if (error) {
            NSLog(@"Graph error: %@ (category %ld)", error, (long)error.fberrorCategory);
          } else {
            NSLog(@"Graph result: %@", result);
          }
        }];

        """)
  }

  @Test func objectiveCEscapesUploadsAndToken() {
    let code = CodeGenerator(includeToken: true).code(for: Self.upload, in: .objc)
    #expect(
      code.contains("// With no open FBSession, the access_token parameter is sent as it is.\n"))
    #expect(code.contains("  @\"message\": @\"lunch\",\n  @\"access_token\": @\"SECRET_TOKEN\",\n"))
    #expect(code.contains("  @\"source\": [NSData dataWithContentsOfFile:@\"meal.jpg\"],\n"))
    #expect(
      CodeGenerator().code(for: Self.post, in: .objc).contains(
        #"@"message": @"Don't \"panic\"\n","#))
    #expect(
      CodeGenerator().code(for: GraphRequest(.delete, "123_456"), in: .objc).contains(
        "parameters:nil\n"))
  }

  @Test func swiftGet() {
    #expect(
      CodeGenerator().code(for: Self.get, in: .swift) == """
        import Foundation

        var request = URLRequest(url: URL(string: "https://graph.facebook.com/v2.2/me?fields=id,name,friends.limit(2)%7Bname%7D&access_token=<ACCESS_TOKEN>")!)
        request.httpMethod = "GET"
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        print("HTTP \\(status)")
        print(String(decoding: data, as: UTF8.self))

        """)
  }

  @Test func swiftPostAndUpload() {
    let post = CodeGenerator().code(for: Self.post, in: .swift)
    #expect(
      post.contains(
        """
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("message=Don%27t%20%22panic%22%0A&access_token=<ACCESS_TOKEN>".utf8)
        """))
    let upload = CodeGenerator().code(for: Self.upload, in: .swift)
    #expect(upload.contains(#"addField("message", "lunch")"#))
    #expect(upload.contains(#"try addFile("source", "meal.jpg", "image/jpeg")"#))
    #expect(
      upload.contains(
        #"request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")"#
      ))
    #expect(CodeGenerator.swiftStringForTesting("a\u{1}\\(x)") == #""a\u{1}\\(x)""#)
  }

  @Test(arguments: [
    (
      GraphRequest(.get, "me", parameters: ["fields": "id,name"], accessToken: "T"),
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>")"#,
      #"result = graph.request("me", args={"fields": "id,name"}, method="GET")"#
    ),
    (
      GraphRequest(
        .get, "me", parameters: ["fields": "id,name"], version: "v2.12", accessToken: "T"),
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>", version="2.12")"#,
      #"result = graph.get_object(id="me", fields="id,name")"#
    ),
    (
      GraphRequest(.get, "me/friends", parameters: ["limit": "2"], version: "v3.0"),
      #"graph = facebook.GraphAPI(version="3.0")"#,
      #"result = graph.get_connections(id="me", connection_name="friends", limit="2")"#
    ),
    (
      GraphRequest(
        .post, "me/feed", parameters: ["message": "hi"], version: "v2.8", accessToken: "T"),
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>", version="2.8")"#,
      #"result = graph.put_object(parent_object="me", connection_name="feed", message="hi")"#
    ),
    (
      GraphRequest(.delete, "123_456", version: "v2.8", accessToken: "T"),
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>", version="2.8")"#,
      #"result = graph.delete_object(id="123_456")"#
    ),
    (
      GraphRequest(.get, "me/friends", parameters: ["from": "x"], version: "v2.8"),
      "graph = facebook.GraphAPI()",
      #"result = graph.request("v2.8/me/friends", args={"from": "x"}, method="GET")"#
    ),
    (
      GraphRequest(.delete, "me/permissions", version: "v2.2", accessToken: "T", appSecret: "S"),
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>")"#,
      #"result = graph.request("v2.2/me/permissions", args={"appsecret_proof": "<APPSECRET_PROOF>"}, method="DELETE")"#
    ),
    (
      upload,
      #"graph = facebook.GraphAPI(access_token="<ACCESS_TOKEN>")"#,
      #"result = graph.request("me/photos", post_args={"message": "lunch"}, files={"source": ("meal.jpg", open("meal.jpg", "rb"), "image/jpeg")}, method="POST")"#
    ),
  ])
  func python(request: GraphRequest, constructor: String, call: String) {
    #expect(
      CodeGenerator().code(for: request, in: .python)
        == "import facebook\n\n\(constructor)\n\(call)\nprint(result)\n")
  }

  @Test func pythonEscapes() {
    #expect(
      CodeGenerator().code(for: Self.post, in: .python).contains(
        #"post_args={"message": "Don't \"panic\"\n"}"#))
    #expect(CodeGenerator.pythonStringForTesting("\u{1}7") == #""\0017""#)
  }

  @Test(arguments: [
    ("curl", CodeLanguage.curl), ("objc", .objc), ("Objective-C", .objc), ("swift", .swift),
    ("py", .python), ("python", .python), ("ios", .ios), ("ios4", .ios), ("android", .android),
    ("java", .android), ("js", .js), ("JavaScript", .js), ("php", .php),
  ])
  func languageNames(name: String, language: CodeLanguage) {
    #expect(CodeLanguage(name: name) == language)
    #expect(CodeLanguage(name: "cobol") == nil)
  }
}

/// An OAuth exchange written as code (issue 44: `code` and `code python` printed the app secret
/// and the OAuth code in clear): the app secret never, the code only with the token.
@Suite struct CodeGeneratorSecretTests {
  static let exchange = GraphRequest(
    .get, "oauth/access_token",
    parameters: [
      "client_id": "123", "client_secret": "0123456789abcdef0123456789abcdef",
      "code": "AQCodeSecretValue42", "redirect_uri": "https://example.com/",
    ], version: "v2.2")

  @Test(arguments: CodeLanguage.allCases)
  func anAppSecretAndACodeAreNotWritten(language: CodeLanguage) {
    let code = CodeGenerator().code(for: Self.exchange, in: language)
    #expect(!code.contains("0123456789abcdef"), "\(language): \(code)")
    #expect(!code.contains("AQCodeSecretValue42"), "\(language): \(code)")
    #expect(code.contains("<APP_SECRET>") && code.contains("<CODE>"), "\(language): \(code)")
    let withToken = CodeGenerator(includeToken: true).code(for: Self.exchange, in: language)
    #expect(!withToken.contains("0123456789abcdef"), "\(language): \(withToken)")
    #expect(withToken.contains("AQCodeSecretValue42"), "\(language): \(withToken)")
  }
}
