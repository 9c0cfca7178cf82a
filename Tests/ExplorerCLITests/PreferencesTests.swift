import Foundation
import Testing

@testable import ExplorerCLI

@Suite struct PreferencesTests {
  @Test func roundTripsThroughAFileWithMode0600() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/graph-explorer/config.json"
    #expect(try Preferences.load(from: path) == Preferences())
    let preferences = Preferences(version: "v2.2", verbose: true, pager: false, color: false)
    try preferences.save(to: path)
    #expect(try Preferences.load(from: path) == preferences)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func rejectsAFileThatIsNotAnObject() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data("[1,".utf8)))
    #expect(throws: ExplorerError.self) { try Preferences.load(from: path) }
  }

  @Test func followsXDGConfigHomeThenHome() {
    #expect(
      Preferences.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/graph-explorer/config.json")
    #expect(
      Preferences.path(environment: ["HOME": "/h"]) == "/h/.config/graph-explorer/config.json")
    #expect(Preferences.path(environment: [:]) == nil)
  }
}
