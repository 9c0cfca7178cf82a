import GraphAPI
import GraphJSON
import Testing

@Suite struct GraphBatchTests {
  @Test func encodesOperationsAsGraphDocumentsThem() throws {
    let batch = GraphBatch(
      [
        GraphBatchOperation(GraphRequest(.get, "me", parameters: ["fields": "id,name"])),
        GraphBatchOperation(GraphRequest(.post, "me/feed", parameters: ["message": "hi there"])),
        GraphBatchOperation(
          GraphRequest(.post, "me/photos", parameters: ["message": "lunch"]), name: "photopost",
          omitResponseOnSuccess: false, attachedFiles: ["file1"]),
        GraphBatchOperation(
          GraphRequest(.get, "{result=photopost:$.id}", parameters: ["fields": "source"]),
          dependsOn: "photopost"),
        GraphBatchOperation(GraphRequest(.delete, "123_456")),
      ], includeHeaders: false,
      uploads: [
        GraphUpload(name: "file1", filename: "meal.jpg", contentType: "image/jpeg", bytes: [1])
      ])
    #expect(
      batch.batchField
        == #"[{"method":"GET","relative_url":"me?fields=id,name"},"#
        + #"{"method":"POST","relative_url":"me/feed","body":"message=hi%20there"},"#
        + #"{"method":"POST","relative_url":"me/photos","body":"message=lunch","name":"photopost","omit_response_on_success":false,"attached_files":"file1"},"#
        + #"{"method":"GET","relative_url":"{result=photopost:$.id}?fields=source","depends_on":"photopost"},"#
        + #"{"method":"DELETE","relative_url":"123_456"}]"#)
    let request = try batch.request(accessToken: "T", version: "v2.2")
    #expect(request.method == .post)
    #expect(request.path == "")
    #expect(request.parameters.map(\.name) == ["batch", "include_headers"])
    #expect(request.parameters["include_headers"] == "false")
    let http = request.httpRequest()
    #expect(http.url == "https://graph.facebook.com/v2.2/")
    #expect(http.headers["Content-Type"]?.hasPrefix("multipart/form-data") == true)
  }

  @Test func referencesStayLiteralInQueriesAndBodies() {
    let get = GraphBatchOperation(
      GraphRequest(.get, "", parameters: ["ids": "{result=get-friends:$.data.*.id}", "q": "a b"]))
    #expect(get.relativeURL == "?ids={result=get-friends:$.data.*.id}&q=a%20b")
    let post = GraphBatchOperation(
      GraphRequest(.post, "me/feed", parameters: ["link": "{result=first:$.link}", "m": "x&y"]))
    #expect(post.body == "link={result=first:$.link}&m=x%26y")
  }

  @Test func decodesTheBatchFieldAsGraphReceivesIt() throws {
    let field =
      #"[{"method":"get","relative_url":"me"},{"method":"POST","relative_url":"me/feed","body":"message=hi","name":"p"},"#
      + #"{"relative_url":"v2.0/{result=p:$.id}?fields=id","depends_on":"p","omit_response_on_success":false,"attached_files":"a, b"}]"#
    let batch = try GraphBatch(batchField: field, includeHeaders: "false")
    #expect(batch.includeHeaders == false)
    #expect(batch.operations.map(\.method) == [.get, .post, .get])
    #expect(batch.operations[1].graphRequest.parameters == ["message": "hi"])
    #expect(batch.operations[1].name == "p")
    let third = batch.operations[2]
    #expect(third.dependsOn == "p")
    #expect(third.omitResponseOnSuccess == false)
    #expect(third.attachedFiles == ["a", "b"])
    #expect(third.graphRequest.version == "v2.0")
    #expect(third.graphRequest.path == "{result=p:$.id}")
    #expect(third.graphRequest.parameters == ["fields": "id"])
    // Encoding what was decoded gives Graph's canonical form back.
    #expect(try GraphBatch(batchField: batch.batchField) == GraphBatch(batch.operations))
  }

  @Test(arguments: [
    ("{", "the batch parameter is not JSON"),
    (#"{"method":"GET"}"#, "the batch parameter must be a JSON array"),
    (#"[1]"#, "operation 0 is a number, not an object"),
    (#"[{"relative_url":"me"},{"method":"GET"}]"#, "operation 1 has no relative_url"),
    (#"[{"method":"PUT","relative_url":"me"}]"#, "operation 0 has unsupported method 'PUT'"),
  ])
  func malformedBatchesSayWhichOperation(field: String, reason: String) {
    #expect {
      try GraphBatch(batchField: field)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func fiftyOperationsAtMost() throws {
    let fifty = GraphBatch(Array(repeating: GraphBatchOperation(relativeURL: "me"), count: 50))
    #expect(throws: Never.self) { try fifty.request() }
    let fiftyOne = GraphBatch(Array(repeating: GraphBatchOperation(relativeURL: "me"), count: 51))
    #expect(throws: GraphAPIError.tooManyBatchOperations(count: 51, limit: 50)) {
      try fiftyOne.request()
    }
    #expect(throws: GraphAPIError.tooManyBatchOperations(count: 51, limit: 50)) {
      try GraphBatch(batchField: fiftyOne.batchField)
    }
    let missing = GraphBatch([GraphBatchOperation(relativeURL: "me/photos", attachedFiles: ["f"])])
    #expect(
      throws: GraphAPIError.malformedBatch(
        reason: "operation 0 attaches 'f', which is not uploaded")
    ) {
      try missing.request()
    }
  }

  @Test func decodesABatchAnswer() throws {
    let answer = #"""
      [{"code":200,"headers":[{"name":"Content-Type","value":"text/javascript; charset=UTF-8"}],"body":"{\"id\":\"4\",\"name\":\"Mark\"}"},
      null,
      {"code":400,"headers":[],"body":"{\"error\":{\"message\":\"(#200) Requires extended permission: publish_actions\",\"type\":\"OAuthException\",\"code\":200}}"},
      {"code":200,"body":"true"},
      {"code":200,"body":"not json"}]
      """#
    let response = try GraphBatchResponse(parsing: Array(answer.utf8))
    #expect(response.items.count == 5)
    let first = try #require(response.items[0])
    #expect(first.code == 200)
    #expect(first.headers?["content-type"] == "text/javascript; charset=UTF-8")
    #expect(first.json?["name"] == "Mark")
    #expect(response.items[1] == nil)
    #expect(response.items[2]?.error?.code == 200)
    #expect(response.items[2]?.response.status == 400)
    #expect(response.items[3]?.headers == nil)
    #expect(response.items[3]?.json == .bool(true))
    #expect(response.items[4]?.json == nil)
    // Re-encoding gives the same value back.
    #expect(try JSONParser.parse(response.json.compactText) == JSONParser.parse(answer))
  }

  @Test(arguments: [
    ("{}", "the answer is an object, not an array"),
    ("[{\"body\":\"x\"}]", "item 0 has no numeric code"),
    ("nope", "the answer is not JSON"),
  ])
  func malformedAnswers(body: String, reason: String) {
    #expect {
      try GraphBatchResponse(parsing: Array(body.utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
