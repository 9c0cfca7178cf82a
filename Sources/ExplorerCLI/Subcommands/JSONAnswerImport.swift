import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// `import --from json-answer FILE --url URL [--method M] [--status N]`: one Graph answer kept
/// as a plain JSON file, as webmock- and fakeweb-based suites keep their fixtures, made into a
/// one-interaction cassette that answers `METHOD URL` (issue 27).
enum JSONAnswerImport {
  /// The name `--from` takes.
  static let formatName = "json-answer"

  /// The options of this import, checked: what is wrong, in one line.
  struct Request {
    var url: String
    var method: GraphMethod
    var status: Int?

    init(url: String?, method: String?, status: String?) throws(ExplorerError) {
      guard let url else {
        throw .failed("--from json-answer needs --url URL (the request the answer answers)")
      }
      guard let parts = URLParts(url), parts.scheme == "https" || parts.scheme == "http",
        !parts.host.isEmpty
      else { throw .failed("--url: '\(TerminalText.escaped(url))' is not an http(s) URL") }
      self.url = url
      guard let method = GraphMethod(name: method ?? "GET") else {
        throw .failed("--method: expected GET, POST or DELETE, found '\(method ?? "")'")
      }
      self.method = method
      if let status {
        guard let code = Int(status), (200...599).contains(code) else {
          throw .failed("--status: expected a final HTTP status (200-599), found '\(status)'")
        }
        self.status = code
      }
    }
  }

  /// The cassette of `bytes` (the answer's body) answering `request`, its secrets redacted.
  /// The status is `--status`, else 400 when the body is Graph's error object and 200 when it
  /// is not (**[choice]**: Graph answered its errors 400 unless they were permission or
  /// server errors). The headers are Graph's JSON content type.
  static func cassette(_ bytes: [UInt8], path: String, request: Request) throws(ExplorerError)
    -> Cassette
  {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .failed("\(path): not a JSON answer: \(error)")
    }
    let status = request.status ?? (json["error"]?.objectValue != nil ? 400 : 200)
    let interaction = Interaction(
      request: HTTPRequest(request.method, url: request.url),
      response: HTTPResponse(
        status: status, headers: ["Content-Type": "application/json; charset=UTF-8"],
        body: bytes),
      recordedAt: ISO8601DateFormatter().string(from: Date()))
    var redactor = Redactor(publicValues: World.publicTestTokens)
    var cassette = Cassette(interactions: [interaction])
    redactor.redact(&cassette)
    return cassette
  }
}
