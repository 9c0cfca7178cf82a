import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// A file truncated under the mapping that reads it (issue 31: `import` died with SIGBUS, rc
/// 135): the reader gets a one-line error naming the file, and the process lives on.
@Suite struct ShrinkingFileTests {
  /// Maps `text` from a file in a scratch folder, truncates the file to `keep` bytes under the
  /// mapping, then imports from the mapping.
  func importCut(_ text: [UInt8], name: String, keep: Int, format: InterchangeFormat? = nil)
    throws -> String
  {
    let dir = MappedImportTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/" + name
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text)))
    let file = try #require(MappedFile(path: path))
    #expect(truncate(path, off_t(keep)) == 0)
    do {
      let imported = try Interchange.importWithNotes(file, path: path, format: format)
      return "imported \(imported.cassette.interactions.count)"
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [0, 100, 1 << 20])
  func aYAMLFileCutUnderItsMapping(keep: Int) throws {
    let text = MappedImportTests.cassette(lines: 40_000)
    #expect(text.count > 2 << 20)
    let outcome = try importCut(text, name: "cut.yml", keep: keep)
    #expect(outcome.contains("the file shrank while it was read"), "\(outcome)")
    #expect(outcome.contains("cut.yml"))
  }

  @Test(arguments: [0, 4096])
  func aHARFileCutUnderItsMapping(keep: Int) throws {
    let text = Array(MappedImportTests.har(3_000).utf8)
    let outcome = try importCut(text, name: "cut.har", keep: keep)
    #expect(outcome.contains("the file shrank while it was read"), "\(outcome)")
    let forced = try importCut(text, name: "cut.har", keep: keep, format: .har)
    #expect(forced.contains("the file shrank while it was read"), "\(forced)")
  }

  @Test func aFileThatKeepsItsSizeImports() throws {
    let text = MappedImportTests.cassette(lines: 100)
    #expect(try importCut(text, name: "whole.yml", keep: text.count) == "imported 1")
  }
}
