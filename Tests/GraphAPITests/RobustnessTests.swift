import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

/// Malformed input of every kind gets an error or a value, never a crash or a hang.
@Suite struct RobustnessTests {
  static let multipart = MultipartFormData(
    parameters: ["message": "lunch", "access_token": "T"],
    uploads: [
      GraphUpload(name: "source", filename: "m.jpg", contentType: "image/jpeg", bytes: [1, 2, 3])
    ])

  @Test func everyTruncationOfAMultipartBodyIsHandled() {
    let body = Self.multipart.encoded()
    var parsedWhole = 0
    for length in 0...body.count {
      if let form = try? MultipartFormData.parse(
        body: Array(body[0..<length]), boundary: Self.multipart.boundary),
        form.parts.count == 3
      {
        parsedWhole += 1
      }
    }
    // Only bodies that reach the last delimiter hold all three parts: the closing `--boundary--`
    // (its CRLF is optional) or the bare `--boundary` at the very end, an unterminated body as
    // Graph read the iOS SDK 3.x's.
    #expect(parsedWhole == 4)
  }

  @Test func randomByteFlipsInAMultipartBodyAreHandled() {
    var random = SeededRandomNumberGenerator(seed: 7)
    let body = Self.multipart.encoded()
    for _ in 0..<2000 {
      var mutated = body
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      _ = try? MultipartFormData.parse(body: mutated, boundary: Self.multipart.boundary)
    }
  }

  @Test func randomTextIsHandledByEveryParser() {
    var random = SeededRandomNumberGenerator(seed: 11)
    let alphabet = Array("abc/?&=%{}().,:;@#+ \"'\\[]$*v2.0\r\n\u{1}é✓-_")
    for _ in 0..<3000 {
      let text = String(
        (0..<Int.random(in: 0...40, using: &random)).map { _ in
          alphabet.randomElement(using: &random) ?? "a"
        })
      _ = try? FieldSelection(parsing: text)
      let request = GraphRequest(.get, text, parameters: ["q": text], accessToken: text)
      let http = request.httpRequest(baseURL: "http://127.0.0.1:1")
      let parsed = try? GraphRequest(parsing: http)
      #expect(parsed?.parameters["q"] == text, "\(text.debugDescription)")
      _ = try? GraphRequest(parsing: HTTPRequest(method: "POST", url: text, body: Array(text.utf8)))
      _ = try? GraphBatch(batchField: text)
      _ = try? GraphBatchResponse(parsing: Array(text.utf8))
      _ = GraphErrorBody(body: Array(text.utf8))
      _ = SDKErrorView(status: 400, body: Array(text.utf8))
      _ = MultipartFormData.boundary(fromContentType: text)
      for language in CodeLanguage.allCases { _ = CodeGenerator().code(for: request, in: language) }
    }
  }
}
