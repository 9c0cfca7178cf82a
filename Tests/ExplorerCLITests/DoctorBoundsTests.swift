import GraphAPI
import GraphCassette
import Testing

@testable import ExplorerCLI

/// What `doctor` keeps stays bounded whatever the file holds, and its small readers (times,
/// usage headers, permissions in messages) read what Graph and the recorders write.
@Suite struct DoctorBoundsTests {
  static func interaction(_ url: String, status: Int, body: String, headers: HTTPHeaders = [:])
    -> Interaction
  {
    Interaction(
      request: HTTPRequest(url: url),
      response: HTTPResponse(status: status, headers: headers, body: Array(body.utf8)),
      recordedAt: "2026-11-30T07:40:00.000Z")
  }

  @Test func endlessDistinctCausesKeepABoundedNumberOfGroups() {
    var analyzer = DoctorAnalyzer()
    for code in 0..<500 {
      analyzer.add(
        Self.interaction(
          "https://graph.facebook.com/v25.0/me", status: 400,
          body: #"{"error":{"message":"m","type":"OAuthException","code":\#(10_000 + code)}}"#))
    }
    let report = analyzer.report(file: "f", format: "t")
    #expect(report.analysis.errors.groups.count == DoctorErrors.groupLimit + 1)
    #expect(report.analysis.errors.groups["other"]?.count == 500 - DoctorErrors.groupLimit)
  }

  @Test func theTimelineKeepsAtMostItsCapacity() {
    var series = DoctorSeries<Int>(capacity: 16) { max($0, $1) }
    for n in 0..<10_000 { series.append(n % 97 == 0 ? 1_000 + n : n % 7) }
    #expect(series.points.count <= 16)
    #expect(series.points.contains(1_000 + 9_991))
  }

  @Test(arguments: [
    ("2026-11-30T07:40:00.123Z", 1_796_024_400.123),
    ("2026-11-30T08:40:00+01:00", 1_796_024_400),
    ("2014-10-15 12:00:00", 1_413_374_400),
  ])
  func timesAreRead(text: String, seconds: Double) throws {
    let read = try #require(DoctorCall.seconds(iso: text))
    #expect(abs(read - seconds) < 0.001)
  }

  @Test func rubyVCRDatesAreRead() {
    #expect(DoctorCall.isoText("Tue, 01 Nov 2011 12:00:00 GMT") == "2011-11-01T12:00:00Z")
    #expect(DoctorCall.seconds(iso: "not a time") == nil)
  }

  @Test func usageHeadersGiveTheirHighestPercentage() {
    #expect(
      DoctorThrottling.percent(#"{"call_count":28,"total_cputime":25,"total_time":105}"#) == 105)
    #expect(
      DoctorThrottling.percent(
        #"{"123":[{"type":"ads_insights","call_count":9,"total_cputime":120,"total_time":3}]}"#)
        == 120)
    #expect(DoctorThrottling.percent(#"{"acc_id_util_pct":9.67}"#) == 9.67)
    #expect(DoctorThrottling.percent("garbage") == nil)
  }

  @Test func permissionsAreReadFromErrorMessages() {
    #expect(
      DoctorIdentities.permission(in: "(#200) Requires extended permission: publish_actions")
        == "publish_actions")
    #expect(
      DoctorIdentities.permission(in: "(#10) Requires extended permission: manage_pages")
        == "manage_pages")
    #expect(
      DoctorIdentities.permission(
        in: "(#200) The user hasn't authorized the application to perform this action") == nil)
  }
}
