import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// A recorded answer's headers are served again only when they are valid HTTP (issue 31: a
/// name with CRLF became `X-Evil` and `Set-Cookie`; 0x01 and 0x7f reached clients).
@Suite struct HeaderControlTests {
  static func native(header name: String, value: String) -> [UInt8] {
    cassette(header: name, value: value).encoded()
  }

  static func cassette(header name: String, value: String) -> Cassette {
    var cassette = Cassette()
    cassette.interactions.append(
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me"),
        response: HTTPResponse(status: 200, headers: [name: value], body: Array("{}".utf8)),
        recordedAt: "2014-10-15T12:00:00Z"))
    return cassette
  }

  @Test(arguments: [
    ("X-Evil\r\nSet-Cookie", "a=b", "is not a token"),
    ("X Evil", "a", "is not a token"),
    ("X-A", "a\u{01}b", "control character '\\u0001'"),
    ("X-A", "a\u{7F}b", "control character '\\u007f'"),
    ("X-A", "a\r\nSet-Cookie: x", "control character '\\r'"),
  ])
  func refusedInEveryFormat(name: String, value: String, problem: String) throws {
    let bytes = Self.native(header: name, value: value)
    do {
      _ = try Cassette(bytes: bytes, path: "c.json")
      Issue.record("\(name): \(value) loaded")
    } catch {
      #expect("\(error)".contains(problem), "\(error)")
      #expect(!"\(error)".contains("\n"), "one line: \(error)")
    }
    // Exported to each format (unchecked) and imported back: refused there too.
    let cassette = Self.cassette(header: name, value: value)
    for format in InterchangeFormat.faithful where format != .native {
      guard Interchange.exportRefusal(cassette, as: format) == nil else { continue }
      let exported = Interchange.export(cassette, as: format)
      #expect(throws: CassetteError.self, "\(format)") {
        try Interchange.importWithNotes(exported, path: "c", format: format)
      }
    }
  }

  @Test func tabsAndUTF8Load() throws {
    let cassette = try Cassette(bytes: Self.native(header: "X-A", value: "a\tb é"), path: "c")
    #expect(cassette.interactions[0].response.headers["X-A"] == "a\tb é")
  }
}
