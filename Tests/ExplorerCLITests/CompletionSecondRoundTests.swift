import Foundation
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 29: `revoke <Tab>` offers what the token holds, revoking what it never held says so,
/// and Tab completes file names after the commands that take files.
@Suite struct CompletionSecondRoundTests {
  @Test func revokeOffersOnlyTheGrantedPermissions() {
    let completer = Completer(
      catalog: GraphCatalog(), permissions: ["email", "publish_actions", "user_friends"],
      granted: ["email", "user_friends"])
    #expect(completer.complete("revoke ").candidates == ["email", "user_friends"])
    #expect(completer.complete("grant p").candidates == ["publish_actions"])
  }

  @Test func revokingWhatWasNeverGrantedIsAnError() async {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("revoke publish_actions", lineNumber: 1))
    #expect(console.errors.contains("revoke: 'publish_actions' was never granted to this token"))
    #expect(!console.output.contains("FBSessionStateOpen"))
    let tabs = repl.completion(for: "revoke publish").candidates
    #expect(tabs.isEmpty, "publish_actions is not granted: \(tabs)")
  }

  @Test(arguments: ["replay", "verify", "record", "save #1", "doctor"])
  func tabCompletesFileNamesAfter(command: String) throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("session one.json")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    let folder = (file as NSString).deletingLastPathComponent
    let completion = Completer(catalog: GraphCatalog()).complete("\(command) \(folder)/sess")
    #expect(completion.candidates == ["\(folder)/session\\ one.json"])
  }
}

/// Issue 29: a field selection names edges as well as fields, for Tab and for hints.
@Suite struct FieldSelectionEdgesTests {
  @Test func tabInFieldsOffersEdges() async {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    let words = repl.completion(for: "GET me?fields=f").candidates
    #expect(words.contains("me?fields=first_name"), "\(words)")
    #expect(words.contains("me?fields=friends"), "\(words)")
    let nested = repl.completion(for: "GET me fields=id,fr").candidates
    #expect(nested.contains("fields=id,friends"), "\(nested)")
  }

  @Test func aMistypedEdgeInFieldsGetsAHint() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("GET me?fields=id,freinds", lineNumber: 1))
    let hint = await repl.hint(for: try repl.session.exchange(.last))
    #expect(hint?.hasPrefix("did you mean friends?") == true, "\(hint ?? "no hint")")
  }
}

/// Issue 29: `DELETE <Tab>` offers what a batch created too.
@Suite struct BatchCreatedIDsTests {
  @Test func aPostMadeInABatchIsOfferedAfterDelete() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("login alice user_photos publish_actions", lineNumber: 1))
    #expect(
      await repl.execute(
        "batch \(try Self.batchFile(in: scratch))", lineNumber: 2))
    let exchange = try repl.session.exchange(.last)
    let posted = try #require(exchange.json?.arrayValue?.first?["body"]?.stringValue)
    let id = try #require(try JSONParser.parse(Array(posted.utf8))["id"]?.stringValue)
    let completion = repl.completion(for: "DELETE ")
    let offered = completion.candidates
    #expect(offered.contains(id), "\(offered)")
    // What the batch only read is not offered.
    #expect(!offered.contains("100001000000001"))
    // Each id is listed with what it is and where it came from.
    #expect(completion.notes[id] == "post · #1 batch[0] POST me/feed")
    #expect(completion.listing(width: 80).contains("\(id)  post · #1 batch[0] POST me/feed\n"))
  }

  @Test func deleteListsEachCreatedIdWithItsKind() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("login alice user_photos publish_actions", lineNumber: 1))
    #expect(await repl.execute("POST me/feed message=hi", lineNumber: 2))
    #expect(await repl.execute("POST me/photos url=http://example.com/a.jpg", lineNumber: 3))
    let post = try #require(try repl.session.exchange(.number(1)).json?["id"]?.stringValue)
    let photo = try #require(try repl.session.exchange(.number(2)).json?["id"]?.stringValue)
    let completion = repl.completion(for: "DELETE ")
    #expect(completion.notes[post] == "post · #1 POST me/feed")
    #expect(completion.notes[photo] == "photo · #2 POST me/photos")
    // A versioned path is named without its version; an Open Graph action as an action.
    let exchange = try repl.session.exchange(.number(2))
    #expect(
      REPL.createdNote(path: ["v2.2", "me", "albums"], exchange: exchange)
        == "album · #2 POST me/albums")
    #expect(
      REPL.createdNote(path: ["me", "fb_sample_scrumps:eat"], exchange: exchange)
        == "action · #2 POST me/fb_sample_scrumps:eat")
    let listing = completion.listing(width: 80)
    #expect(listing.contains("post · #1 POST me/feed"), "\(listing)")
    // Paths without a note are listed one per line beside them.
    #expect(listing.contains("\nme\n") || listing.hasPrefix("me\n"), "\(listing)")
  }

  static func batchFile(in scratch: ScratchDirectory) throws -> String {
    let file = scratch.file("batch.json")
    try Data(
      #"[{"method":"POST","relative_url":"me/feed","body":"message=from a batch"},{"method":"GET","relative_url":"me"}]"#
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    return file
  }
}

/// `show #<Tab>`, `headers`, `raw`: the kept exchanges, each listed with its line.
@Suite struct ExchangeReferenceCompletionTests {
  @Test func showOffersTheExchangesWithTheirLines() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("GET me", lineNumber: 1))
    #expect(await repl.execute("GET me/friends?limit=2", lineNumber: 2))
    let completion = repl.completion(for: "show #")
    #expect(completion.candidates == ["#1", "#2"])
    #expect(completion.notes["#2"] == "GET me/friends?limit=2")
    #expect(completion.listing(width: 80).contains("#1  GET me\n"))
    #expect(repl.completion(for: "headers #2").insertion == " ")
    #expect(repl.completion(for: "raw #1 ").candidates.isEmpty)
  }
}
