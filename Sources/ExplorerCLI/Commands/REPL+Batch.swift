import Foundation
import GraphAPI
import GraphJSON

/// `batch <file.json>` and the inline form: `batch`, request lines, `end`.
extension REPL {
  /// Sends the batch in `file` (a JSON array of operations, as Graph's `batch` field).
  func batch(
    file: String, attachments: [Parameter] = [], text: String
  ) async throws(ExplorerError) -> Output {
    let expanded = (file as NSString).expandingTildeInPath
    guard let data = FileManager.default.contents(atPath: expanded) else {
      throw .file(path: file, reason: "cannot be read")
    }
    var batch: GraphBatch
    do {
      batch = try GraphBatch(batchField: String(decoding: data, as: UTF8.self))
    } catch {
      throw .file(path: file, reason: "\(error)")
    }
    // `batch f.json file1@meal.png`: the operations' attached_files name these uploads.
    let line = RequestLine(method: .post, path: Template(literal: "/"), parameters: attachments)
    batch.uploads += try session.graphRequest(for: line, accessToken: nil).uploads
    return try await send(batch, text: text)
  }

  /// Sends the request lines typed after `batch` as one batch.
  func batch(lines: [String]) async throws(ExplorerError) -> Output {
    guard !lines.isEmpty else { throw .failed("empty batch: type request lines before 'end'") }
    var operations: [GraphBatchOperation] = []
    var uploads: [GraphUpload] = []
    for (index, typed) in lines.enumerated() {
      // `photo: POST me/photos ...` names the operation, for `{result=photo:$.id}`.
      var line = typed
      var label: String?
      if let match = typed.wholeMatch(of: /([A-Za-z_][A-Za-z0-9_\-]{0,63}):\s+(.*)/) {
        label = String(match.1)
        line = String(match.2)
      }
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
      operations.append(GraphBatchOperation(request, name: label, attachedFiles: names))
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
      method: .post, path: Template(literal: "/"),
      parameters: [Parameter(name: "batch", value: .text(Template(literal: batch.batchField)))])
    let exchange = try await session.send(
      graphRequest.httpRequest(baseURL: session.baseURL), line: text, source: source)
    if session.verbose {
      console.writeError(
        RequestLog.entry(
          for: exchange, scrubber: session.secretScrubber(placeholder: RequestLog.placeholder)))
    }
    guard exchange.succeeded,
      let response = try? GraphBatchResponse(parsing: exchange.response.body)
    else { return .exchange(exchange) }
    return .batch(exchange, response)
  }
}

extension REPL {
  /// Why a line typed in `batch`'s block form cannot be one of its operations (a syntax error,
  /// or a command that is not a request line such as `!2`), or `nil` when it can.
  static func batchLineProblem(_ typed: String) -> ExplorerError? {
    guard !typed.isEmpty else { return nil }
    var line = typed
    if let match = typed.wholeMatch(of: /([A-Za-z_][A-Za-z0-9_\-]{0,63}):\s+(.*)/) {
      line = String(match.2)
    }
    do {
      guard case .request = try CommandParser.parse(line).command else {
        return .failed(
          "not a request line, not added to the batch: \(line) (type request lines, then 'end')")
      }
      return nil
    } catch {
      return error
    }
  }
}
