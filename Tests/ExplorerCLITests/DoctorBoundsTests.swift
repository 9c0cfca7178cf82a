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

/// Usage numbers past any percentage (issue 44): no reading, and no trap in any report.
@Suite struct DoctorUsageNumberTests {
  @Test(arguments: [
    #"{"call_count":1e300}"#, #"{"call_count":1e400}"#, #"{"call_count":9300000000000000000}"#,
    #"{"call_count":"inf"}"#, #"{"call_count":-1e300}"#, #"{"call_count":"-inf"}"#,
    #"{"call_count":"nan"}"#, #"{"call_count":-1}"#,
  ])
  func numbersPastAnyPercentageAreNoReading(header: String) {
    var analyzer = DoctorAnalyzer()
    for percent in [header, #"{"call_count":20}"#] {
      analyzer.add(
        DoctorBoundsTests.interaction(
          "https://graph.facebook.com/v25.0/me", status: 200, body: "{}",
          headers: ["x-app-usage": percent]))
    }
    let report = analyzer.report(file: "f", format: "t")
    #expect(report.analysis.throttling.usage["x-app-usage"]?.readings == 1)
    #expect(report.analysis.throttling.usage["x-app-usage"]?.peak?.percent == 20)
    #expect(!DoctorText(color: false).lines(report).isEmpty)
    #expect(DoctorHTML.page([report]).contains("usage %"))
    #expect(DoctorJSON.document([report]).objectValue != nil)
  }

  @Test(arguments: [
    (1e300, "1e+300"), (-1e300, "-1e+300"), (.infinity, "inf"), (-.infinity, "-inf"),
    (9.3e18, "9.3e+18"), (87, "87"), (120.5, "120.5"), (-3, "-3"),
  ])
  func anyNumberIsShownWithoutATrap(value: Double, shown: String) {
    #expect(DoctorReport.numberText(value) == shown)
    #expect(DoctorTimeline.fmt(value) == shown)
  }
}
