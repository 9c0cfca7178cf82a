import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Request-line features end to end: uploads, versions, pasted URLs, search, JSON values.
@Suite struct RequestFeatureTests {
  @Test func anAtParameterUploadsTheFileAsMultipart() async throws {
    let path = BatchDiffCassetteTests.temporaryPath("cat.jpg")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8, 0xFF, 0xE0])))
    let run = await ScriptModeTests.run(
      "login alice publish_actions user_photos\nPOST me/photos source@\(path) message=\"a cat\"\nheaders\n",
      ["--no-color"])
    #expect(run.errors == "")
    #expect(run.output.contains("\"post_id\""))
    #expect(run.output.contains("Content-Type: multipart/form-data; boundary="))
    let missing = await ScriptModeTests.run("POST me/photos source@/nonexistent.jpg\n")
    #expect(missing.errors.contains("/nonexistent.jpg: cannot read the file to upload"))
  }

  @Test func versionPrefixesPathsAndAPastedURLIsSentAsItIs() async throws {
    let first = await ScriptModeTests.run("version v2.0\nGET me/friends?limit=1\nheaders\n")
    #expect(first.output.contains("GET https://graph.facebook.com/v2.0/me/friends?limit=1"))
    let page = await ScriptModeTests.run("GET me/friends?limit=1\n", ["--raw"])
    let next = try #require(try JSONParser.parse(page.output)["paging"]?["next"]?.stringValue)
    let pasted = await ScriptModeTests.run("\(next)\nnext\nprev\n", ["--raw"])
    let lines = pasted.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(pasted.errors == "")
  }

  @Test func searchFindsPlaces() async throws {
    let run = await ScriptModeTests.run("search coffee limit=2\nheaders\n", ["--no-color"])
    #expect(run.output.contains("search?q=coffee&type=place&limit=2"))
    #expect(run.output.contains("\"name\": \"Philz Coffee\""))
  }

  @Test func jsonValuesAreSentCompact() async {
    let run = await ScriptModeTests.run(
      "set verbose on\nPOST me/feed message:='\"hi\"' tags:='[ \"1\", \"2\" ]'\nPOST me/feed x:='{'\n"
    )
    #expect(run.errors.contains("  Body:\tmessage=hi&tags=%5B%221%22%2C%222%22%5D&access_token="))
    #expect(run.errors.contains("x:= is not JSON"))
  }
}
