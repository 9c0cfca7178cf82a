import Foundation
import GraphAPI
import GraphJSON

/// `batch <file.json>` and the inline form: `batch`, request lines, `end`.
extension REPL {
  /// Sends the batch in `file` (a JSON array of operations, as Graph's `batch` field).
  func batch(file: String, text: String) async throws(ExplorerError) -> Output {
    let expanded = (file as NSString).expandingTildeInPath
    guard let data = FileManager.default.contents(atPath: expanded) else {
      throw .file(path: file, reason: "cannot be read")
    }
    let batch: GraphBatch
    do {
      batch = try GraphBatch(batchField: String(decoding: data, as: UTF8.self))
    } catch {
      throw .file(path: file, reason: "\(error)")
    }
    return try await send(batch, text: text)
  }

  /// Sends the request lines typed after `batch` as one batch.
  func batch(lines: [String]) async throws(ExplorerError) -> Output {
    guard !lines.isEmpty else { throw .failed("empty batch: type request lines before 'end'") }
    var operations: [GraphBatchOperation] = []
    var uploads: [GraphUpload] = []
    for (index, line) in lines.enumerated() {
      guard case .request(let requestLine) = try CommandParser.parse(line).command else {
        throw .failed("batch operation \(index + 1) is not a request line: \(line)")
      }
      var request = try session.graphRequest(for: requestLine, accessToken: nil)
      let names = request.uploads.map { "file\(uploads.count)_\($0.name)" }
      for (upload, name) in zip(request.uploads, names) {
        uploads.append(
          GraphUpload(
            name: name, filename: upload.filename, contentType: upload.contentType,
            bytes: upload.bytes))
      }
      request.uploads = []
      operations.append(GraphBatchOperation(request, attachedFiles: names))
    }
    return try await send(
      GraphBatch(operations, uploads: uploads), text: "batch " + lines.joined(separator: " ; "))
  }

  private func send(_ batch: GraphBatch, text: String) async throws(ExplorerError) -> Output {
    let graphRequest: GraphRequest
    do {
      graphRequest = try batch.request(
        accessToken: session.token, appSecret: session.appSecret, version: session.version)
    } catch {
      throw .failed("\(error)")
    }
    let source = RequestLine(
      method: "POST", path: Template(literal: "/"),
      parameters: [Parameter(name: "batch", value: .text(Template(literal: batch.batchField)))])
    let exchange = try await session.send(
      graphRequest.httpRequest(baseURL: session.baseURL), line: text, source: source)
    if session.verbose { console.writeError(RequestLog.entry(for: exchange)) }
    guard exchange.succeeded,
      let response = try? GraphBatchResponse(parsing: exchange.response.body)
    else { return .exchange(exchange) }
    return .batch(exchange, response)
  }
}
