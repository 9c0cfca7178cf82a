import Foundation
import GraphAPI
import GraphCassette
import Testing

/// The "done when": `graph-explorer serve --replay Recordings/<any>` answers each
/// cassette's requests, made with curl, byte for byte as recorded.
@Suite struct ServeRecordingsTests {
  static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings")

  static let cassettes: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  @Test func thereAreRecordings() {
    #expect(!Self.cassettes.isEmpty)
  }

  @Test(arguments: cassettes)
  func replayAnswersCurlByteForByte(_ name: String) async throws {
    let file = Self.recordings.appendingPathComponent(name).path
    let cassette = try Cassette.load(path: file)
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-recordings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = try await ServeProcess.launch(["--replay", file])
    for (index, interaction) in cassette.interactions.enumerated() {
      let request = interaction.request
      let parts = try #require(URLParts(request.url))
      var arguments = ["curl", "-sS", "-g", "-X", request.method, "-o", "-"]
      for field in request.headers
      where !["content-length", "host"].contains(field.name.lowercased()) {
        arguments += ["-H", "\(field.name): \(field.value)"]
      }
      if !request.body.isEmpty {
        // Bodies go through a file: multipart uploads hold bytes no argument can carry.
        let body = scratch.appendingPathComponent("body-\(index)")
        try Data(request.body).write(to: body)
        arguments += ["--data-binary", "@\(body.path)"]
      }
      arguments.append(server.url + parts.path + (parts.query.map { "?\($0)" } ?? ""))
      let run = try await runProgram("/usr/bin/env", arguments)
      #expect(run.status == 0, "\(name) #\(index): \(run.error)")
      #expect(run.bytes == interaction.response.body, "\(name) #\(index): \(interaction.summary)")
    }
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains(" 502 "), "\(name): every request matched: \(server.log)")
  }
}
