import Foundation
import GraphAPI
import Testing

@testable import GraphCassette

/// YAML with bytes that are not UTF-8 is refused like JSON and HAR (issue 31: it was read with
/// U+FFFD in their place), from bytes and from a mapped file, naming the line and column.
@Suite struct YAMLEncodingTests {
  static let text = """
    interactions:
    - request:
        body: null
        headers: {}
        method: GET
        uri: https://graph.facebook.com/v2.8/me
      response:
        body: {string: 'caf\u{E9}'}
        headers: {}
        status: {code: 200, message: OK}
    version: 1

    """

  @Test(arguments: [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] as [[UInt8]])
  func invalidUTF8IsRefused(bad: [UInt8]) throws {
    var bytes = Array(Self.text.utf8)
    let at = try #require(bytes.firstIndex(of: 0xC3))
    bytes.replaceSubrange(at..<(at + 2), with: bad)
    do {
      _ = try Interchange.importWithNotes(bytes, path: "c.yml")
      Issue.record("\(bad) imported")
    } catch {
      #expect("\(error)".contains("line 8, column 24"), "\(error)")
      #expect("\(error)".contains("is not UTF-8"), "\(error)")
    }
    let dir = MappedImportTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/c.yml"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let file = try #require(MappedFile(path: path))
    #expect(throws: CassetteError.self) { try Interchange.importWithNotes(file, path: path) }
  }

  @Test func validUTF8Imports() throws {
    let imported = try Interchange.importWithNotes(Array(Self.text.utf8), path: "c.yml")
    #expect(
      String(decoding: imported.cassette.interactions[0].response.body, as: UTF8.self)
        == "caf\u{E9}")
  }
}
