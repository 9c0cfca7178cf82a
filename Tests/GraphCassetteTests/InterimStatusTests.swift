import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// A recorded 1xx status (issue 31: `serve --replay` played a 100 or 101 as the final answer and
/// clients hung) is refused on load in every format, like any status that is not final.
@Suite struct InterimStatusTests {
  static func native(status: Int) -> [UInt8] {
    var cassette = Cassette()
    cassette.interactions.append(
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/me"),
        response: HTTPResponse(status: 200, headers: [:], body: Array("{}".utf8)),
        recordedAt: "2014-10-15T12:00:00Z"))
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
      .replacingOccurrences(of: "\"status\": 200", with: "\"status\": \(status)")
    return Array(text.utf8)
  }

  @Test(arguments: [100, 101, 103, 199, 99, 0, 1000])
  func aNonFinalStatusIsRefused(status: Int) throws {
    do {
      _ = try Cassette(bytes: Self.native(status: status), path: "c.json")
      Issue.record("status \(status) loaded")
    } catch {
      #expect("\(error)".contains("response.status"), "\(error)")
      #expect("\(error)".contains("\(status) is"), "\(error)")
    }
  }

  @Test(arguments: [200, 204, 304, 404, 599])
  func finalStatusesLoad(status: Int) throws {
    let cassette = try Cassette(bytes: Self.native(status: status), path: "c.json")
    #expect(cassette.interactions[0].response.status == status)
  }

  @Test(arguments: InterchangeFormat.faithful.filter { $0 != .native })
  func everyImportRefusesA1xx(format: InterchangeFormat) throws {
    let cassette = try Cassette(bytes: Self.native(status: 200), path: "c.json")
    guard Interchange.exportRefusal(cassette, as: format) == nil else { return }
    let exported = Interchange.export(cassette, as: format)
    var text = String(decoding: exported, as: UTF8.self)
    for (from, to) in [
      ("\"status\": 200", "\"status\": 101"), ("\"status\":200", "\"status\":101"),
      ("\"code\": 200", "\"code\": 101"), ("\"code\":200", "\"code\":101"),
      ("code: 200", "code: 101"), ("\"status_code\": 200", "\"status_code\": 101"),
      ("\"status_code\":200", "\"status_code\":101"),
    ] {
      text = text.replacingOccurrences(of: from, with: to)
    }
    #expect(text.contains("101"), "\(format): \(text.prefix(400))")
    #expect(throws: CassetteError.self, "\(format)") {
      try Interchange.importWithNotes(Array(text.utf8), path: "c", format: format)
    }
  }
}
