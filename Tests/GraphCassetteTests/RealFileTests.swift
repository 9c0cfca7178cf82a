import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 12 §3: every real file gives a usable cassette or a precise refusal: HAR entries with
/// status 0, byte-order marks, and broken files that say what they looked like and where.
@Suite struct RealFileTests {
  static let har = """
    {"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"entries":[
    {"startedDateTime":"2026-11-30T07:40:00.123Z","time":12,"request":{"method":"GET","url":"https://graph.facebook.com/v2.8/me?fields=id","headers":[]},"response":{"status":200,"headers":[{"name":"Content-Type","value":"application/json"}],"content":{"text":"{\\"id\\":\\"1\\"}"}}},
    {"startedDateTime":"2026-11-30T07:40:01.000Z","time":0,"request":{"method":"GET","url":"https://connect.facebook.net/en_US/sdk.js","headers":[]},"response":{"status":0,"statusText":"","headers":[],"content":{"size":0},"_error":"net::ERR_BLOCKED_BY_CLIENT"}}
    ]}}
    """

  @Test func harEntriesWithStatusZeroAreLeftOutWithANote() throws {
    let imported = try Interchange.importWithNotes(Array(Self.har.utf8), path: "chrome.har")
    #expect(imported.format == .har)
    #expect(imported.cassette.interactions.count == 1)
    #expect(
      imported.notes == [
        "entry 2 (https://connect.facebook.net/en_US/sdk.js) has status 0, a request that got no answer: net::ERR_BLOCKED_BY_CLIENT; left out"
      ])
    // The cassette loads wherever cassettes are used.
    let again = try Cassette(bytes: imported.cassette.encoded(), path: "c.json")
    #expect(again.interactions[0].response.status == 200)
  }

  static var everyFormat: [(InterchangeFormat, [UInt8])] {
    let cassette = InterchangeTests.cassette
    return InterchangeFormat.faithful.map { ($0, Interchange.export(cassette, as: $0)) }
  }

  @Test func aByteOrderMarkIsAcceptedInEveryFormat() throws {
    for (format, bytes) in Self.everyFormat {
      let withBOM = [0xEF, 0xBB, 0xBF] + bytes
      let read = try Interchange.read(withBOM, path: "bom")
      #expect(read.format == format)
      #expect(read.cassette.interactions.count == InterchangeTests.cassette.interactions.count)
    }
    let native = [0xEF, 0xBB, 0xBF] + InterchangeTests.cassette.encoded()
    #expect(try Cassette(bytes: native).interactions.count > 0)
  }

  @Test(arguments: [
    (
      #"{"log":{"version":"1.2","entries":[{"request":"#,
      "cut.har: HAR: line 1, column 47: not JSON: "
    ),
    (
      "{\n  \"http_interactions\": [\n    {\"request\": }\n",
      "cut.har: Ruby VCR JSON: line 3, column 17: not JSON: "
    ),
    ("{\"interactions\": [1,", "cut.har: vcrpy JSON: line 1, column 21: not JSON: "),
    ("[{\"a\": 1,]", "cut.har: JSON: line 1, column 10: not JSON: "),
  ])
  func aBrokenFileSaysWhatItLookedLikeAndWhere(text: String, prefix: String) {
    do {
      _ = try Interchange.read(Array(text.utf8), path: "cut.har")
      Issue.record("\(text) was read")
    } catch {
      #expect(error.description.hasPrefix(prefix), "\(error.description)")
    }
  }

  @Test(arguments: [
    "Tue, 01 Dec 2026 10:00:00 GMT", "Sat, 29 Feb 2020 23:59:59 GMT",
    "Mon, 01 Nov 2011 04:58:44 GMT",
  ])
  func fastDatesAgreeWithFoundation(text: String) {
    let fast = HTTPDates.fastRFCToISO(text)
    #expect(fast != nil)
    #expect(fast == HTTPDates.date(rfc1123: text).map(HTTPDates.iso(from:)))
  }

  /// `verify` reads an answer's `Date` with the same reader as the import (`CivilTime.rfc1123`):
  /// the Unix time it gives is Foundation's.
  @Test(arguments: [
    "Tue, 01 Dec 2026 10:00:00 GMT", "Sat, 29 Feb 2020 23:59:59 GMT",
    "Mon, 01 Nov 2011 04:58:44 GMT", "Thu, 01 Jan 1970 00:00:00 GMT",
  ])
  func anAnswersDateIsFoundationsTime(text: String) {
    let response = HTTPResponse(status: 200, headers: ["Date": text], body: [])
    let foundation = HTTPDates.date(rfc1123: text).map { Int($0.timeIntervalSince1970) }
    #expect(foundation != nil)
    #expect(RecordedTime.answered(response) == foundation)
  }

  @Test func anAnswersOddDateIsNoTime() {
    for text in ["Sun, 30 Feb 2021 10:00:00 GMT", "2026-12-01T10:00:00Z", "Tue, 01 Dec 2026"] {
      #expect(
        RecordedTime.answered(HTTPResponse(status: 200, headers: ["Date": text], body: [])) == nil)
    }
  }

  @Test func oddDatesFallBackToFoundationOrStayAsTheyAre() {
    #expect(HTTPDates.fastRFCToISO("Sun, 30 Feb 2021 10:00:00 GMT") == nil)
    #expect(HTTPDates.fastRFCToISO("2026-12-01T10:00:00Z") == nil)
    #expect(HTTPDates.rfcToISO("not a date") == "not a date")
  }
}
