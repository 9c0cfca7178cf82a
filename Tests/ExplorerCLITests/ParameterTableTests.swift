import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@testable import ExplorerCLI

/// Issue 11, item 2: the parameters Tab offers fit the method and the route, from one table
/// that docs/repl.md shows and that the emulator's routes agree with.
@Suite struct ParameterTableTests {
  static let world = World.default

  static var completer: Completer {
    Completer(
      catalog: CompleterTests.catalog, permissions: ["publish_actions", "email"],
      people: ["alice.whitfield", "bob.okafor", "alice", "alice-publish", "bob"],
      testTokens: ["alice", "alice-publish", "alice-basic", "app", "bob"],
      namespace: world.app.namespace, actionTypes: world.app.actionTypes,
      created: [
        ("441350000000001", "action · #2 POST me/fb_sample_scrumps:eat"),
        ("100001000000001_2", "post · #3 POST me/feed"),
      ])
  }

  static let insertions: [(String, String?)] = [
    ("POST me/photos mes", "sage="),
    ("POST me/photos so", "urce@"),
    ("POST me/photos no", "_story=true "),
    ("POST me/feed cap", "tion="),
    ("POST me/feed object_", "attachment="),
    ("GET me/feed cap", nil),  // a publishing parameter does not fit GET
    ("POST 100001000000001_2/comments att", "achment_"),
    ("POST me/fb_sample", "_scrumps:eat "),
    ("GET me/fb_sample", "_scrumps:eat "),
    ("DELETE me/fb_sample", nil),  // an action type is no object to delete
    ("POST me/fb_sample_scrumps:eat mea", "l="),
    ("POST me/fb_sample_scrumps:eat fb:", "explicitly_shared=true "),
    ("POST me/fb_sample_scrumps:eat image", "[0][u"),
    ("DELETE 4413", "50000000001 "),
    ("GET 4413", nil),  // created ids are offered after DELETE only
    ("login al", "ice"),
    ("login alice-p", "ublish "),
    ("token al", "ice"),
    ("GET me access_token=alice-p", "ublish "),
    ("GET me?access_token=alice-p", "ublish "),
    ("GET me/friends?li", "mit="),
    ("GET me?li", nil),  // a node has no pages
    ("GET me?metadata=", "1 "),
    ("GET search?type=pl", "ace "),
    ("search pizza type=pl", "ace "),
    ("search pizza dis", "tance="),
    ("GET me/picture?ty", "pe="),
    ("GET me/picture type=l", "arge "),
    ("GET me/picture li", nil),
    ("POST 100001000000001_2 met", "hod=delete "),
    ("me?fields=na", "me"),
  ]

  @Test(arguments: insertions)
  func completes(before: String, insertion: String?) {
    #expect(Self.completer.complete(before).insertion == insertion)
  }

  @Test func postMeFeedOffersTheFeedPublishingParameters() {
    let completion = Self.completer.complete("POST me/feed ")
    #expect(
      completion.candidates
        == [
          "access_token=", "actions=", "caption=", "description=", "fields=", "link=",
          "message=", "name=", "object_attachment=", "picture=", "place=", "privacy=", "tags=",
        ])
  }

  @Test func getOffersReadingAndPagingParameters() {
    #expect(
      Self.completer.complete("GET me?").candidates
        == [
          "me?access_token=", "me?date_format=", "me?debug=all", "me?fields=", "me?locale=",
          "me?metadata=1",
        ])
    let edge = Self.completer.complete("GET me/friends ").candidates
    for name in ["limit=", "offset=", "before=", "after=", "since=", "until=", "summary=true"] {
      #expect(edge.contains(name), "\(name)")
    }
    // A file upload has no place in a query.
    #expect(!Self.completer.complete("POST me/photos?").candidates.contains("me/photos?source@"))
  }

  @Test func deleteTakesNoBodyParameters() {
    #expect(Self.completer.complete("DELETE 441350000000001 ").candidates == ["access_token="])
  }

  @Test func theActionOffersItsObjectProperty() {
    let candidates = Self.completer.complete("POST me/fb_sample_scrumps:eat ").candidates
    #expect(candidates.contains("meal="))
    #expect(candidates.contains("place="))
    #expect(candidates.contains("tags="))
    #expect(candidates.contains("image[0][url]="))
    // An action the app does not have: no object property to offer.
    #expect(
      !Self.completer.complete("POST me/fb_sample_scrumps:cook ").candidates.contains("meal="))
  }

  @Test func searchOffersItsParameters() {
    let candidates = Self.completer.complete("GET search?").candidates
    for name in ["q=", "type=", "center=", "distance=", "fields=", "limit="] {
      #expect(candidates.contains("search?" + name), "\(name)")
    }
  }

  /// docs/repl.md shows the table as it is.
  @Test func docsShowTheTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/repl.md"), encoding: .utf8)
    #expect(text.contains(ParameterTable.markdown))
    for row in ParameterTable.rows {
      #expect(row.source.hasPrefix("https://"), "\(row.route)")
    }
  }

  /// Every named route of the table is one the emulator answers, with the table's parameters.
  @Test func theEmulatorAnswersEachRoute() throws {
    let emulator = GraphEmulator()
    func send(
      _ method: GraphMethod, _ path: String, _ parameters: [(String, String)],
      uploads: [GraphUpload] = []
    ) throws -> JSONValue {
      let offered = ParameterTable.parameters(
        method: method, path: path, actionTypes: emulator.world.app.actionTypes)
      for (name, _) in parameters {
        #expect(offered.contains { $0.hasPrefix(name + "=") }, "\(name)")
      }
      for upload in uploads { #expect(offered.contains(upload.name + "@")) }
      let request = GraphRequest(
        method, path, parameters: QueryItems(parameters.map { .init(name: $0.0, value: $0.1) }),
        uploads: uploads, version: "v2.2", accessToken: "CAAEmuAlicePublish"
      ).httpRequest()
      let response = emulator.answer(request)
      #expect(response.status == 200, "\(method.rawValue) \(path)")
      return try JSONParser.parse(response.body)
    }
    let post = try #require(try send(.post, "me/feed", [("message", "Lunch")])["id"]?.stringValue)
    _ = try send(.post, "\(post)/comments", [("message", "Tasty")])
    let meal = "https://example.com/meal?og:title=Pizza"
    _ = try send(.post, "me/fb_sample_scrumps:eat", [("meal", meal), ("message", "Lunch")])
    let photo = GraphUpload(
      name: "source", filename: "meal.png", contentType: "image/png", bytes: [0x89])
    _ = try send(.post, "me/photos", [("message", "Lunch")], uploads: [photo])
    _ = try send(
      .get, "search", [("type", "place"), ("center", "37.76,-122.42"), ("distance", "1000")])
    _ = try send(.get, "me/picture", [("type", "large"), ("redirect", "false")])
    _ = try send(.post, post, [("method", "delete")])
  }

  /// What the emulator keeps of a feed post from the request (found by sending every field of a
  /// post with a marker value and reading the post back) is offered after `POST me/feed`.
  @Test func theFeedRowHoldsWhatTheEmulatorPublishes() throws {
    let emulator = GraphEmulator()
    func answer(_ method: GraphMethod, _ path: String, _ parameters: QueryItems) throws -> JSONValue
    {
      let request = GraphRequest(
        method, path, parameters: parameters, version: "v2.2", accessToken: "CAAEmuAlicePublish"
      ).httpRequest()
      return try JSONParser.parse(emulator.answer(request).body)
    }
    let first = try #require(try answer(.post, "me/feed", ["message": "probe"])["id"]?.stringValue)
    let metadata = try answer(.get, first, ["metadata": "1"])
    let fields = try #require(metadata["metadata"]?["fields"]?.arrayValue).compactMap {
      $0["name"]?.stringValue
    }
    #expect(fields.contains("caption"))
    var probe = QueryItems()
    for field in fields where field != "id" { probe.append(field, "marker-\(field)") }
    let id = try #require(try answer(.post, "me/feed", probe)["id"]?.stringValue)
    let read = try answer(.get, id, ["fields": fields.joined(separator: ",")])
    let kept = fields.filter { read[$0]?.stringValue == "marker-\($0)" }
    #expect(kept.count >= 4)
    let offered = ParameterTable.parameters(method: .post, path: "me/feed")
    for field in kept { #expect(offered.contains(field + "="), "\(field)") }
  }
}
