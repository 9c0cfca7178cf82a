import Foundation
import Testing

@testable import ExplorerCLI

@Suite struct HistoryFileTests {
  static let storable: [(String, String?)] = [
    ("GET me", "GET me"),
    ("  GET me  ", "GET me"),
    ("", nil),
    ("token EAABsecret123", nil),
    ("token clear", "token clear"),
    ("app 123 s3cr3t", nil),
    ("GET me access_token=EAABsecret123", "GET me access_token=<redacted>"),
    (
      "https://graph.facebook.com/v2.2/1/friends?access_token=EAAB&limit=2",
      "https://graph.facebook.com/v2.2/1/friends?access_token=<redacted>&limit=2"
    ),
    ("GET me appsecret_proof=abc", "GET me appsecret_proof=<redacted>"),
    ("POST me/feed message=CAAEmuAlice", nil),
  ]

  @Test(arguments: storable)
  func decidesWhatIsStored(line: String, stored: String?) {
    #expect(HistoryFile.storable(line, secrets: ["CAAEmuAlice"]) == stored)
  }

  @Test func followsXDGStateHomeThenHome() {
    #expect(
      HistoryFile.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
        == "/s/graph-explorer/history")
    #expect(
      HistoryFile.standard(environment: ["HOME": "/h"])?.path
        == "/h/.local/state/graph-explorer/history")
    #expect(
      HistoryFile.standard(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
        == "/h/.local/state/graph-explorer/history")
    #expect(HistoryFile.standard(environment: [:]) == nil)
  }

  @Test func createsTheFileWithMode0600AndKeepsLinesAcrossLoads() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = HistoryFile(path: folder.path + "/graph-explorer/history")
    file.append("GET me", secrets: [])
    file.append("token CAAEmuAlice", secrets: ["CAAEmuAlice"])
    file.append("GET me/friends", secrets: [])
    #expect(file.load() == ["GET me", "GET me/friends"])
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(!text.contains("CAAEmuAlice"))
  }
}
