import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphLive
import GraphServer
import Testing

/// The live-network code path end to end without a network: `CurlTransport` talking
/// HTTP to `GraphServer` serving the emulator on a loopback port (what `target
/// http://127.0.0.1:PORT` does in the REPL), including a multipart upload and a batch.
@Suite struct ServedEmulatorTests {
  private func withServedEmulator(
    _ body: (_ baseURL: String) async throws -> Void
  ) async throws {
    let server = GraphServer(transport: GraphEmulator())
    let port = try server.start()
    let outcome: Result<Void, any Error>
    do {
      try await body("http://127.0.0.1:\(port)")
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    // stop() waits for the server's threads: wait on a thread of its own, not a task's.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        server.stop()
        done.resume()
      }.start()
    }
    try outcome.get()
  }

  @Test func readsANode() async throws {
    try await withServedEmulator { base in
      let request = GraphRequest(
        .get, "me", parameters: ["fields": "id,name"], version: "v2.0",
        accessToken: "CAAEmuAlice"
      ).httpRequest(baseURL: base)
      let response = try await CurlTransport(timeout: .seconds(10)).send(request)
      #expect(response.status == 200)
      #expect(response.bodyText == #"{"id":"100001000000001","name":"Alice Whitfield"}"#)
      #expect(response.headers["Content-Type"] == "application/json; charset=UTF-8")
    }
  }

  @Test func uploadsAPhotoAsMultipart() async throws {
    try await withServedEmulator { base in
      let transport = CurlTransport(timeout: .seconds(10))
      let image = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0...255).map { UInt8($0) }
      let upload = GraphRequest(
        .post, "me/photos", parameters: ["message": "Scrumptious \u{1F354}"],
        uploads: [
          GraphUpload(name: "source", filename: "meal.png", contentType: "image/png", bytes: image)
        ],
        version: "v2.0", accessToken: "CAAEmuAlicePublish"
      ).httpRequest(baseURL: base)
      #expect(upload.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
      let created = try await transport.send(upload)
      #expect(created.status == 200, "\(created.bodyText)")
      let json = try JSONParser.parse(created.body)
      let photoID = try #require(json["id"]?.stringValue)
      #expect(json["post_id"]?.stringValue?.hasPrefix("100001000000001_") == true)
      let read = try await transport.send(
        GraphRequest(
          .get, photoID, parameters: ["fields": "id,name"], version: "v2.0",
          accessToken: "CAAEmuAlicePublish"
        ).httpRequest(baseURL: base))
      #expect(try JSONParser.parse(read.body)["name"]?.stringValue == "Scrumptious \u{1F354}")
    }
  }

  @Test func batchWithADependency() async throws {
    try await withServedEmulator { base in
      let batch = GraphBatch([
        GraphBatchOperation(relativeURL: "me?fields=id", name: "me"),
        GraphBatchOperation(relativeURL: "{result=me:$.id}?fields=name"),
        GraphBatchOperation(relativeURL: "nonexistent_object_x"),
      ])
      let request = try batch.request(accessToken: "CAAEmuAlice", version: "v2.0")
        .httpRequest(baseURL: base)
      let response = try await CurlTransport(timeout: .seconds(10)).send(request)
      #expect(response.status == 200, "\(response.bodyText)")
      let items = try GraphBatchResponse(parsing: response.body).items
      #expect(items.count == 3)
      #expect(items[0] == nil, "a named parent that a child used is omitted")
      #expect(items[1]?.code == 200)
      #expect(items[1]?.json?["name"]?.stringValue == "Alice Whitfield")
      #expect(items[2]?.code == 404, "a name that is no id, username or alias is 803")
      #expect(items[2]?.json?["error"]?["code"]?.numberValue?.intValue == 803)
    }
  }
}
