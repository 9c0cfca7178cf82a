import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// A YAML file imported from its mapping (pages given back as the reader passes them) gives
/// what importing its bytes gives, and the native cassette is written in bounded pieces.
@Suite struct MappedImportTests {
  static func scratch() -> String {
    let dir =
      NSTemporaryDirectory() + "mapped-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Both ways of importing `text`, as their cassettes (or the errors' descriptions).
  static func both(_ text: [UInt8], in dir: String, name: String) throws -> (String, String) {
    let path = dir + "/" + name
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text)))
    func describe(_ body: () throws -> Interchange.Imported) -> String {
      do { return String(decoding: try body().cassette.encoded(), as: UTF8.self) } catch {
        return "error: \(error)"
      }
    }
    let file = try #require(MappedFile(path: path))
    let mapped = describe { try Interchange.importWithNotes(file, path: path) }
    let array = describe { try Interchange.importWithNotes(text, path: path) }
    return (mapped, array)
  }

  /// A vcrpy cassette whose answer is a plain scalar over `lines` lines and whose header list
  /// is a flow collection over `lines` lines: past the reader's discard step when large.
  static func cassette(lines: Int, prefix: String = "") -> [UInt8] {
    var out = prefix + "interactions:\n- request:\n    body: null\n    headers: {}\n"
    out +=
      "    method: GET\n    uri: https://graph.facebook.com/v2.8/me?access_token=EAAB\(String(repeating: "x", count: 40))\n"
    out += "  response:\n    body:\n      string: start\n"
    for n in 0..<lines { out += "        plain words of line \(n), folded # not a comment\n" }
    out += "    headers:\n      X-List: [\n"
    for n in 0..<lines { out += "      'item \(n)',\n" }
    out += "      last]\n    status: {code: 200, message: OK}\nversion: 1\n"
    return Array(out.utf8)
  }

  @Test func aMappedFileImportsAsItsBytesDo() throws {
    let dir = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [(String, [UInt8])] = [
      ("small.yml", Self.cassette(lines: 3)),
      // About 2 MB: pages are given back several times, in both walks of the plain scalar.
      ("large.yml", Self.cassette(lines: 30_000)),
      ("bom.yml", [0xEF, 0xBB, 0xBF] + Self.cassette(lines: 20_000)),
      (
        "crlf.yml",
        Array(
          String(decoding: Self.cassette(lines: 200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: "\r\n").utf8)
      ),
      ("marker.yml", Self.cassette(lines: 5, prefix: "--- \n")),
      ("inline.yml", Array("---   {interactions: []}\n".utf8)),
      ("tight.yml", Array("---x\n".utf8)),
      ("broken.yml", Self.cassette(lines: 10_000) + Array("  bad: [\n".utf8)),
    ]
    for (name, text) in cases {
      let (mapped, array) = try Self.both(text, in: dir, name: name)
      #expect(mapped == array, "\(name)")
    }
    let file = try #require(MappedFile(path: dir + "/large.yml"))
    let large = try Interchange.importWithNotes(file, path: "large.yml").cassette.interactions[0]
    let body = String(decoding: large.response.body, as: UTF8.self)
    #expect(body.hasPrefix("start plain words of line 0, folded plain words of line 1,"))
    #expect(body.hasSuffix("plain words of line 29999, folded"))
    #expect(large.response.headers.values(for: "X-List").last == "last")
    #expect(!large.request.url.contains("EAAB"))
  }

  /// A HAR file of `count` entries (`status` for each by its number), as devtools write one.
  static func har(_ count: Int, status: (Int) -> Int = { _ in 200 }) -> String {
    let entries = (0..<count).map { n in
      """
      {"startedDateTime": "2026-12-01T10:00:00.000Z", "time": 12,
       "request": {"method": "GET", "url": "https://graph.facebook.com/v2.8/me?access_token=EAAB\(n)xxxxxxxxxxxxxxxxxxxxxxxx&n=\(n)",
        "headers": [{"name": "User-Agent", "value": "FBiOSSDK.3.24.0"}]},
       "response": {"status": \(status(n)), "statusText": "OK",
        "headers": [{"name": "Content-Type", "value": "application/json"}],
        "content": {"mimeType": "application/json", "text": "{\\"id\\":\\"\(n)\\"}"}}}
      """
    }
    let creator = #""creator": {"name": "Charles", "version": "4.6"}"#
    return #"{"log": {"version": "1.2", "# + creator + #", "entries": ["#
      + entries.joined(separator: ",\n") + "]}}"
  }

  /// HAR (and Ruby VCR JSON, vcrpy JSON, native) is decoded from the parsed document, entry by
  /// entry, mapped or not: the same cassette, notes and errors as the whole tree gave.
  @Test func aJSONFileImportsTheSameMappedOrNot() throws {
    let dir = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [(String, String)] = [
      ("plain.har", Self.har(300)),
      ("unanswered.har", Self.har(20) { $0 % 7 == 3 ? 0 : 200 }),
      ("bom.har", "\u{FEFF}" + Self.har(3)),
      ("not-object.har", "[1, 2]"),
      ("log-array.har", #"{"log": []}"#),
      ("entries-object.har", #"{"log": {"entries": {}}}"#),
      ("two-logs.har", #"{"log": {"entries": 5}, "log": {"entries": []}}"#),
      ("bad-entry.har", #"{"log": {"entries": [{"request": {"method": "GET"}}]}}"#),
      ("broken.har", String(Self.har(5).dropLast(3))),
    ]
    for (name, text) in cases {
      let (mapped, array) = try Self.both(Array(text.utf8), in: dir, name: name)
      #expect(mapped == array, "\(name)")
      // And what the whole tree decodes to.
      let tree: String
      do {
        let value = try JSONParser.parse(Interchange.withoutBOM(Array(text.utf8)))
        var notes: [String] = []
        var unanswered: [(entry: Int, interaction: Interaction)] = []
        var cassette = try HARCodec.decode(
          value, reader: FieldReader(path: dir + "/" + name, interaction: nil, format: "HAR"),
          notes: &notes, unanswered: &unanswered)
        var redactor = Redactor()
        redactor.reservePlaceholders(in: cassette)
        redactor.redact(&cassette)
        tree = String(decoding: cassette.encoded(), as: UTF8.self)
      } catch {
        tree = "error: \(error)"
      }
      if !array.hasPrefix("error:") || !tree.hasPrefix("error:") {
        #expect(array == tree, "\(name)")
      }
    }
    // Ruby VCR JSON, vcrpy JSON and native cassettes are decoded from the document too.
    let cassette = InterchangeTests.cassette
    let native = cassette.encoded()
    let json: [(String, [UInt8])] = [
      ("vcr.json", Interchange.export(cassette, as: .vcr)),
      ("vcrpy.json", Interchange.export(cassette, as: .vcrpy)),
      ("native.json", native),
      ("bom-native.json", [0xEF, 0xBB, 0xBF] + native),
      // A torn tail: the last interaction cut off mid-way.
      ("torn.json", Array(native.dropLast(40))),
      ("vcr-list.json", Array(#"{"http_interactions": {}, "recorded_with": "VCR"}"#.utf8)),
      ("vcrpy-bad.json", Array(#"{"interactions": [{"request": 1}]}"#.utf8)),
      ("native-bad.json", Array(#"{"graph_explorer_cassette": 1, "interactions": [7]}"#.utf8)),
      (
        "native-two.json",
        Array(
          #"{"graph_explorer_cassette": 1, "interactions": [7], "interactions": []}"#.utf8)
      ),
      ("native-version.json", Array(#"{"graph_explorer_cassette": 99}"#.utf8)),
    ]
    for (name, bytes) in json {
      let (mapped, array) = try Self.both(bytes, in: dir, name: name)
      #expect(mapped == array, "\(name)")
      for format in [InterchangeFormat.native, .vcr, .vcrpy] {
        let path = dir + "/" + name
        let file = try #require(MappedFile(path: path))
        func describe(_ body: () throws -> Interchange.Imported) -> String {
          do { return String(decoding: try body().cassette.encoded(), as: UTF8.self) } catch {
            return "error: \(error)"
          }
        }
        #expect(
          describe { try Interchange.importWithNotes(file, path: path, format: format) }
            == describe { try Interchange.importWithNotes(bytes, path: path, format: format) },
          "\(name) --from \(format.rawValue)")
      }
    }
    let file = try #require(MappedFile(path: dir + "/unanswered.har"))
    let imported = try Interchange.importWithNotes(file, path: "unanswered.har")
    #expect(imported.cassette.interactions.count == 17)
    #expect(imported.notes.count == 3 && imported.unanswered.map(\.entry) == [4, 11, 18])
    #expect(imported.cassette.recordedWith == "Charles 4.6")
  }

  @Test func onlyRegularFilesAreMapped() throws {
    let dir = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(MappedFile(path: dir) == nil)
    #expect(MappedFile(path: dir + "/missing") == nil)
    #expect(FileManager.default.createFile(atPath: dir + "/empty", contents: Data()))
    #expect(MappedFile(path: dir + "/empty") == nil)
    #expect(mkfifo(dir + "/fifo", 0o600) == 0)
    // Looked at, not opened: a FIFO without a writer would block an open.
    #expect(MappedFile(path: dir + "/fifo") == nil)
  }

  @Test func oneLargeInteractionIsWrittenInBoundedPieces() {
    var cassette = Cassette(interactions: [
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/v2.8/me"),
        response: HTTPResponse(status: 200, body: Array(repeating: 0x61, count: 300_000)),
        recordedAt: "2026-12-01T10:00:00Z")
    ])
    let whole = cassette.encoded()
    let chunks = Array(cassette.takeEncodedChunks())
    #expect(chunks.count > 4)
    #expect(chunks.allSatisfy { $0.count < 65536 + 1024 })
    #expect(Array(chunks.joined()) == whole)
  }
}
