import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphCassette

/// A member named twice in one object (issue 44: two top-level `interactions`, the whole-file
/// reader kept the last, the lazy replay reader handed out the first) is refused by every
/// cassette reader, naming the member.
@Suite struct DuplicateMemberTests {
  static let cassette: Cassette = {
    var cassette = Cassette()
    for path in ["me", "me/friends"] {
      cassette.interactions.append(
        Interaction(
          request: HTTPRequest(url: "https://graph.facebook.com/v2.2/\(path)"),
          response: HTTPResponse(status: 200, headers: [:], body: Array("{}".utf8)),
          recordedAt: "2014-10-15T12:00:00Z"))
    }
    return cassette
  }()

  /// The native cassette with a second `interactions` member after the first.
  static var twoInteractionLists: [UInt8] {
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    let end = try! #require(text.lastIndex(of: "}"))
    let other = #", "interactions": []"#
    return Array((text[..<end] + other + "\n}\n").utf8)
  }

  static func refusal(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "accepted"
    } catch {
      return "\(error)"
    }
  }

  @Test func twoInteractionListsAreRefusedReadWhole() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("two.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.twoInteractionLists)))
    for message in [
      Self.refusal { _ = try Cassette(bytes: Self.twoInteractionLists, path: path) },
      Self.refusal { _ = try Cassette.loadAnyFormat(path: path) },
      Self.refusal { _ = try Interchange.importWithNotes(Self.twoInteractionLists, path: path) },
    ] {
      #expect(message.hasPrefix("\(path): 'interactions': the member appears twice"), "\(message)")
    }
  }

  /// The lazy reader refuses it with the same error when it reaches the second list.
  @Test func theLazyReaderRefusesWhereItMeetsTheSecondList() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.file("two.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.twoInteractionLists)))
    let lazy = try #require(LazyCassette(path: path))
    var decoded: [Interaction] = []
    let message = Self.refusal {
      while let next = try lazy.next(after: decoded) { decoded.append(next) }
    }
    #expect(message.hasPrefix("\(path): 'interactions': the member appears twice"), "\(message)")
    #expect(decoded.count <= 2)
  }

  @Test func aMemberNamedTwiceInAnInteractionIsRefused() throws {
    let text = String(decoding: Self.cassette.encoded(), as: UTF8.self)
      .replacingOccurrences(of: #""method""#, with: #""method": "DELETE", "method""#)
    let message = Self.refusal { _ = try Cassette(bytes: Array(text.utf8), path: "c.json") }
    #expect(
      message == "c.json: interaction 1, request.'method': the member appears twice "
        + "(readers would disagree on which one counts)")
  }

  /// Each interchange format with `"request"` named twice in its first entry (JSON), or a
  /// top-level key named twice (YAML).
  @Test(arguments: InterchangeFormat.faithful.filter { $0 != .native })
  func everyImportRefusesAMemberNamedTwice(format: InterchangeFormat) throws {
    guard Interchange.exportRefusal(Self.cassette, as: format) == nil else { return }
    var text = String(decoding: Interchange.export(Self.cassette, as: format), as: UTF8.self)
    if let range = text.range(of: #""request"\s*:"#, options: .regularExpression) {
      text.replaceSubrange(range, with: #""request": {}, "request":"#)
    } else {
      let last = try #require(text.split(separator: "\n").last { !$0.hasPrefix(" ") })
      text += "\(last)\n"
    }
    let message = Self.refusal {
      _ = try Interchange.importWithNotes(Array(text.utf8), path: "c", format: format)
    }
    #expect(message.contains("appears twice"), "\(format): \(message)\n\(text.prefix(600))")
  }

  @Test(arguments: [
    (
      InterchangeFormat.exvcr,
      #"[{"request": {"url": "https://graph.facebook.com/me", "method": "get"}, "request": {}, "response": {"status_code": 200}}]"#
    ),
    (
      .wiremock,
      #"{"request": {"method": "GET", "url": "/me"}, "request": {}, "response": {"status": 200}}"#
    ),
    (
      .wiremock,
      #"{"mappings": [{"request": {"method": "GET", "url": "/me"}, "response": {"status": 200}, "response": {}}]}"#
    ),
  ])
  func recordersWithoutAnExportRefuseAMemberNamedTwice(format: InterchangeFormat, text: String) {
    let message = Self.refusal {
      _ = try Interchange.importWithNotes(Array(text.utf8), path: "c", format: format)
    }
    #expect(message.contains("appears twice"), "\(format): \(message)")
  }

  @Test func manyMembersAreCheckedByHash() throws {
    let reader = FieldReader(path: "p", interaction: nil)
    let keys = (0..<100).map { "k\($0)" }
    #expect(throws: Never.self) { try reader.unique(keys, "(top level)") }
    #expect(throws: CassetteError.self) { try reader.unique(keys + ["k7"], "(top level)") }
    #expect(throws: Never.self) { try reader.unique(["é", "e\u{301}"], "(top level)") }
  }
}
