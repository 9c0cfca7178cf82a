import Foundation
import GraphJSON
import Testing

@testable import ExplorerCLI

@Suite struct CompleterTests {
  static var catalog: GraphCatalog {
    var catalog = GraphCatalog()
    let metadata: JSONValue = [
      "id": "1",
      "metadata": [
        "type": "user",
        "connections": [
          "friends": "https://graph.facebook.com/1/friends",
          "feed": "https://graph.facebook.com/1/feed",
          "photos": "https://graph.facebook.com/1/photos",
        ],
        "fields": [
          ["name": "id", "description": "The id", "type": "string"],
          ["name": "name", "description": "The name", "type": "string"],
          ["name": "first_name", "description": "", "type": "string"],
        ],
      ],
    ]
    catalog.learn(path: "/v2.2/me", answer: metadata)
    // A friend's own type, with a field the user type lacks: nested fields come from it.
    let friend: JSONValue = [
      "id": "2",
      "metadata": [
        "type": "friend",
        "fields": [["name": "id"], ["name": "name"], ["name": "nickname"]],
      ],
    ]
    catalog.learn(path: "me/friends", answer: friend)
    return catalog
  }

  static let cases: [(String, String?)] = [
    ("hel", "p "),
    ("GET me/fr", "iends "),
    ("me/fr", "iends "),
    ("GET /v2.2/me/fe", "ed "),
    // A field gets no trailing space: `,` or `{` may follow.
    ("GET me fields=na", "me"),
    ("GET me fields=id,fi", "rst_name"),
    ("GET me fields=id,friends{na", "me"),
    ("GET me?fields=na", "me"),
    ("GET me?fields=id,fi", "rst_name"),
    ("me?limit=2&fields=id,friends{na", "me"),
    // Nested fields complete from the edge's node type.
    ("GET me fields=id,friends{ni", "ckname"),
    ("GET me?fields=friends.limit(5){id,ni", "ckname"),
    ("GET me fields=friends{id},ni", nil),
    ("GET me fields=id,ni", nil),
    ("GET me/friends?li", "mit="),
    ("login bo", "b "),
    ("login publish_a", "ctions "),
    ("login bob publish_a", "ctions "),
    ("set ver", "bose "),
    ("set verbose o", nil),
    ("help tok", "en "),
    ("xyz", nil),
    ("code py", "thon "),
    ("target em", "ulator "),
    ("record x.json new", "_episodes "),
    ("record x.json --mode n", nil),
    ("record x.json --mode new", "_episodes "),
    ("token alice-p", "ublish "),
    ("token cl", "ear "),
  ]

  @Test(arguments: cases)
  func completes(before: String, insertion: String?) {
    let completer = Completer(
      catalog: Self.catalog, permissions: ["publish_actions", "email"], people: ["bob", "alice"],
      testTokens: ["alice", "alice-publish", "app"])
    #expect(completer.complete(before).insertion == insertion)
  }

  @Test func listsCandidatesWhenSeveralMatch() {
    let completion = Completer(catalog: Self.catalog).complete("GET me/")
    #expect(completion.candidates == ["me/feed", "me/friends", "me/photos"])
    #expect(completion.insertion == nil)
  }

  @Test func completesTheLongestCommonPrefix() {
    let completion = Completer(catalog: Self.catalog).complete("GET me/f")
    #expect(completion.candidates == ["me/feed", "me/friends"])
    #expect(completion.insertion == nil)
    #expect(Completion(prefix: "he", candidates: ["headers", "help"]).insertion == nil)
    #expect(
      Completion(prefix: "#", candidates: ["#10", "#2", "#1", "#100", "#9"]).candidates
        == ["#1", "#2", "#9", "#10", "#100"])
    #expect(
      Completion(prefix: "v", candidates: ["v2.10", "v2.9", "v1.0", "v10.0", "v2.1"]).candidates
        == ["v1.0", "v2.1", "v2.9", "v2.10", "v10.0"])
    #expect(
      Completion(prefix: "", candidates: ["me", "m1", "a02", "a2", "a1b", "a01c"]).candidates
        == ["a1b", "a01c", "a02", "a2", "m1", "me"])
    #expect(Completion(prefix: "h", candidates: ["headers", "help"]).insertion == "e")
  }

  static let metadataPaths: [(String, String?)] = [
    ("GET me/fr", "me"),
    ("me/fr", "me"),
    ("GET me fields=na", "me"),
    ("GET me?fields=na", "me"),
    ("GET me/friends?limit=2&fields=id,na", "me/friends"),
    ("GET me fields=id,friends{na", "me/friends"),
    ("GET me?fields=friends.limit(2){id,likes{na", "me/friends/likes"),
    ("GET me fields=friends{id},na", "me"),
    ("GET me?limit=", nil),
    ("GET me limit=", nil),
    ("GET m", nil),
    ("hel", nil),
  ]

  @Test(arguments: metadataPaths)
  func findsThePathWhoseMetadataIsNeeded(before: String, path: String?) {
    #expect(Completer.pathNeedingMetadata(before) == path)
  }

  @Test func completesFileNamesAfterAt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("complete-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      FileManager.default.createFile(
        atPath: folder.appendingPathComponent("photo.jpg").path, contents: Data()))
    let completion = Completer(catalog: GraphCatalog())
      .complete("POST me/photos source@\(folder.path)/ph")
    #expect(completion.insertion == "oto.jpg ")
    // A name with a space is escaped so that it stays one word; a folder ends with `/`.
    #expect(
      FileManager.default.createFile(
        atPath: folder.appendingPathComponent("my meal.png").path, contents: Data()))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
    let spaced = Completer(catalog: GraphCatalog()).complete(
      "POST me/photos source@\(folder.path)/my")
    #expect(spaced.insertion == "\\ meal.png ")
    let folderName = Completer(catalog: GraphCatalog()).complete(
      "POST me/photos source@\(folder.path)/sh")
    #expect(folderName.insertion == "ots/")
    // What Tab wrote reads back as the file's name.
    let parsed = try CommandParser.parse("POST me/photos source@\(folder.path)/my\\ meal.png")
    guard case .request(let line) = parsed.command else { throw CompletionTestFailure() }
    #expect(line.parameters.first?.value == .file(Template(literal: "\(folder.path)/my meal.png")))
  }

  @Test func laysCandidatesOutInColumns() {
    #expect(Completion.columns(["a", "bb", "ccc"], width: 10) == "a    bb\nccc\n")
  }
}

@Suite struct SuggestionTests {
  static let cases: [(String, [String], String?)] = [
    ("GTE", ["GET", "POST", "DELETE", "next"], "GET"),
    ("nmae", ["id", "name", "first_name"], "name"),
    ("freinds", ["feed", "friends", "photos"], "friends"),
    ("xyzzy", ["GET", "POST"], nil),
    ("name", ["name"], nil),  // no hint for what is right
    ("ab", ["ac", "ad"], nil),  // two equally near: no guess
    ("", ["a"], nil),
  ]

  @Test(arguments: cases)
  func suggests(word: String, candidates: [String], expected: String?) {
    #expect(Suggestion.closest(to: word, among: candidates) == expected)
  }
}

struct CompletionTestFailure: Error {}
