import GraphAPI
import Testing

@Suite struct MultipartFormDataTests {
  @Test func encodeThenParseIsIdentity() throws {
    let form = MultipartFormData(
      parameters: ["message": "line one\r\nline two", "empty": ""],
      uploads: [
        GraphUpload(
          name: "source", filename: "a \"b\".png", contentType: "image/png", bytes: [1, 2])
      ])
    let parsed = try MultipartFormData(parsing: form.encoded(), contentType: form.contentType)
    #expect(parsed.parameters == ["message": "line one\r\nline two", "empty": ""])
    #expect(parsed.uploads.count == 1)
    #expect(parsed.uploads.first?.filename == "a %22b%22.png")
    #expect(parsed.uploads.first?.bytes == [1, 2])
    #expect(parsed.uploads.first?.contentType == "image/png")
  }

  @Test func boundaryGrowsWhenAPartContainsIt() throws {
    let hostile = "--" + MultipartFormData.defaultBoundary
    let form = MultipartFormData(parameters: ["x": hostile], uploads: [])
    #expect(form.boundary == MultipartFormData.defaultBoundary + "-1")
    let parsed = try MultipartFormData.parse(body: form.encoded(), boundary: form.boundary)
    #expect(parsed.parameters["x"] == hostile)
  }

  @Test func parsesWhatCurlSends() throws {
    // As `curl -F message=hi -F source=@x.txt` sends it (preamble-free, quoted boundary header).
    let body =
      "--------------------------d74496d66958873e\r\n"
      + "Content-Disposition: form-data; name=\"message\"\r\n\r\nhi\r\n"
      + "--------------------------d74496d66958873e\r\n"
      + "Content-Disposition: form-data; name=\"source\"; filename=\"x.txt\"\r\n"
      + "Content-Type: text/plain\r\n\r\nhello\n\r\n"
      + "--------------------------d74496d66958873e--\r\n"
    let form = try MultipartFormData(
      parsing: Array(body.utf8),
      contentType: "multipart/form-data; boundary=\"------------------------d74496d66958873e\"")
    #expect(form.parameters == ["message": "hi"])
    #expect(
      form.uploads == [
        GraphUpload(
          name: "source", filename: "x.txt", contentType: "text/plain", bytes: Array("hello\n".utf8)
        )
      ])
  }

  @Test(
    arguments: [
      ("multipart/form-data; boundary=abc", "abc"),
      ("multipart/form-data;boundary=\"a b\"", "a b"),
      ("Multipart/Form-Data; charset=utf-8; BOUNDARY=x", "x"),
      ("multipart/form-data", nil),
    ] as [(String, String?)])
  func boundaryFromContentType(header: String, boundary: String?) {
    #expect(MultipartFormData.boundary(fromContentType: header) == boundary)
  }

  @Test(arguments: [
    ("x", "no '--B' delimiter"),
    ("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue", "part is not closed"),
    ("--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--", "without Content-Disposition"),
    ("--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--", "without a name"),
    ("--Bjunk", "expected CRLF"),
    ("--B\r\nContent-Disposition: form-data; name=\"a\"", "headers never end"),
  ])
  func malformedBodiesSayWhat(body: String, reason: String) {
    #expect {
      try MultipartFormData.parse(body: Array(body.utf8), boundary: "B")
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func missingBoundaryIsAnError() {
    #expect(throws: GraphAPIError.missingBoundary(contentType: "multipart/form-data")) {
      try MultipartFormData(parsing: [], contentType: "multipart/form-data")
    }
  }
}

/// The iOS SDK 3.x's framing (FBRequestBody.m): an empty body with the multipart Content-Type
/// (every GET and DELETE), and a body whose last part ends `\r\n--B\r\n` with no `--B--`.
@Test func sdkFramingIsRead() throws {
  #expect(try MultipartFormData.parse(body: [], boundary: "B").parts.isEmpty)
  let unterminated =
    "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--B\r\n"
    + "Content-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n--B\r\n"
  let form = try MultipartFormData.parse(body: Array(unterminated.utf8), boundary: "B")
  #expect(form.parts.map(\.name) == ["a", "b"])
  #expect(form.parts.map(\.text) == ["1", "2"])
  let legacyFile =
    "--B\r\nContent-Disposition: form-data; filename=\"picture\"\r\n"
    + "Content-Type: image/png\r\n\r\nPNG\r\n--B\r\n"
  let legacy = try MultipartFormData.parse(body: Array(legacyFile.utf8), boundary: "B")
  #expect(legacy.parts.first?.name == "picture")
  #expect(legacy.parts.first?.filename == "picture")
}
