import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct CassetteFormatTests {
  static let sample = Cassette(
    interactions: [
      Interaction(
        request: HTTPRequest(
          method: "GET", url: "https://graph.facebook.com/v2.0/me?fields=id,name",
          headers: ["Accept": "application/json"]),
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "a"],
          body: Array(#"{"id":"1","name":"Ada","n":1.50}"#.utf8), duration: .microseconds(12500)),
        recordedAt: "2026-11-30T07:40:00.123Z",
        expect: Expectation(
          status: 200, values: [.init(path: ValuePath(parsing: "name")!, value: "Ada")]))
    ], recordedWith: "graph-explorer test")

  @Test func versionIsTheFirstMemberAndKeysKeepAFixedOrder() {
    let text = String(decoding: Self.sample.encoded(), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines[1] == "  \"graph_explorer_cassette\": 1,")
    let order = [
      "\"request\"", "\"method\"", "\"url\"", "\"response\"", "\"status\"",
      "\"recorded_at\"", "\"duration_ms\"", "\"expect\"",
    ]
    let positions = order.map { text.range(of: $0)!.lowerBound }
    #expect(positions == positions.sorted())
    #expect(text.hasSuffix("}\n"))
    #expect(text.contains("\"json\": {"))
    #expect(text.contains("\"duration_ms\": 12.5"))
  }

  @Test(arguments: [
    (#"{"id":"1","n":1.50}"#, "\"json\""),
    (#"{"next":"https:\/\/graph.facebook.com\/me"}"#, "escaped_slashes"),
    ("{\n  \"a\": 1\n}", "\"pretty\""),
    (#"{ "spaced" : true }"#, "\"text\""),
    ("true", "\"json\""),
    ("a=1&b=2", "\"text\""),
  ])
  func bodiesRoundTripByteForByte(body: String, form: String) throws {
    var cassette = Self.sample
    cassette.interactions[0].response.body = Array(body.utf8)
    cassette.interactions[0].expect = nil
    let bytes = cassette.encoded()
    #expect(String(decoding: bytes, as: UTF8.self).contains(form))
    let decoded = try Cassette(bytes: bytes)
    #expect(decoded.interactions[0].response.body == Array(body.utf8))
    #expect(decoded == cassette)
  }

  @Test func binaryBodiesAreBase64() throws {
    var cassette = Self.sample
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x80, 0x81]
    cassette.interactions[0].request.body = jpeg
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    #expect(text.contains("\"base64\": \"/9j/4AAQSkaAgQ==\""))
    #expect(try Cassette(bytes: Array(text.utf8)).interactions[0].request.body == jpeg)
  }

  @Test func multipartBodiesAreStoredPartByPart() throws {
    var form = MultipartFormData(boundary: "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f")
    form.parts.append(.init(name: "message", body: Array("Lunch".utf8)))
    form.parts.append(
      .init(name: "source", filename: "a.jpg", contentType: "image/jpeg", body: [0xFF, 0xD8, 0x80]))
    var cassette = Self.sample
    cassette.interactions[0].request.headers["Content-Type"] = form.contentType
    cassette.interactions[0].request.body = form.encoded()
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    #expect(text.contains("\"multipart\": {"))
    #expect(text.contains("\"text\": \"Lunch\""))
    #expect(text.contains("\"base64\": \"/9iA\""))
    #expect(try Cassette(bytes: Array(text.utf8)) == cassette)
  }

  @Test func repeatedHeadersAreKeptInOrder() throws {
    var cassette = Self.sample
    cassette.interactions[0].response.headers = [:]
    cassette.interactions[0].response.headers.add("Set-Cookie", "a=1")
    cassette.interactions[0].response.headers.add("X", "y")
    cassette.interactions[0].response.headers.add("set-cookie", "b=2")
    let decoded = try Cassette(bytes: cassette.encoded())
    #expect(decoded.interactions[0].response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
  }

  @Test func saveAndLoadRoundTrip() throws {
    let dir = TempDir()
    defer { dir.remove() }
    try Self.sample.save(to: dir.file("c.json"))
    #expect(try Cassette.load(path: dir.file("c.json")) == Self.sample)
  }

  @Test func notJSONSaysLineAndColumn() {
    do {
      _ = try Cassette(bytes: Array("{\n  \"a\": ]".utf8), path: "x.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("x.json:2:8: not JSON"), "\(error)")
    }
  }

  @Test(arguments: [
    (#"{"interactions":[]}"#, "x.json: graph_explorer_cassette: missing"),
    (#"{"graph_explorer_cassette":9,"interactions":[]}"#, "version 9 is not supported"),
    (#"{"graph_explorer_cassette":1}"#, "x.json: interactions: missing"),
    (
      #"{"graph_explorer_cassette":1,"interactions":[{"request":{"method":"GET","url":"https://g/me"},"response":{"status":"200"}}]}"#,
      "x.json: interaction 1, response.status: expected a number, found string"
    ),
    (
      #"{"graph_explorer_cassette":1,"interactions":[{"request":{"method":"GET","url":"/me"},"response":{"status":200}}]}"#,
      "interaction 1, request.url: '/me' is not an absolute http(s) URL"
    ),
    (
      #"{"graph_explorer_cassette":1,"interactions":[{"request":{"method":"GET","url":"https://g/"},"response":{"status":200,"body":{"base64":"%%"}}}]}"#,
      "interaction 1, response.body.base64: not valid base64"
    ),
    (
      #"{"graph_explorer_cassette":1,"interactions":[{"request":{"method":"GET","url":"https://g/"},"response":{"status":200},"expect":{"stauts":1}}]}"#,
      "interaction 1, expect.stauts: unknown assertion"
    ),
  ])
  func schemaProblemsNameTheInteractionAndField(json: String, message: String) {
    do {
      _ = try Cassette(bytes: Array(json.utf8), path: "x.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func missingFileIsAnIOError() {
    do {
      _ = try Cassette.load(path: "/nonexistent/dir/c.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/dir/c.json: cannot read"))
    }
  }
}
