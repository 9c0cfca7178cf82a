import Testing

@testable import GraphEmulator

/// The clock's formats, checked against the reference's 463 message and DST boundaries.
struct ClockCase: Sendable, CustomStringConvertible {
  var time: Int
  var iso: String
  var pacific: String
  var description: String { iso }
}

@Test(arguments: [
  ClockCase(
    time: GraphClock.unix(year: 2015, month: 4, day: 9, hour: 22), iso: "2015-04-09T22:00:00+0000",
    pacific: "Thursday, 09-Apr-15 15:00:00 PDT"),
  ClockCase(
    time: GraphClock.unix(year: 2015, month: 4, day: 10, hour: 17) + 26 * 60 + 12,
    iso: "2015-04-10T17:26:12+0000", pacific: "Friday, 10-Apr-15 10:26:12 PDT"),
  ClockCase(
    time: 1_413_374_400, iso: "2014-10-15T12:00:00+0000",
    pacific: "Wednesday, 15-Oct-14 05:00:00 PDT"),
  ClockCase(
    time: GraphClock.unix(year: 2014, month: 11, day: 2, hour: 9) - 1,
    iso: "2014-11-02T08:59:59+0000", pacific: "Sunday, 02-Nov-14 01:59:59 PDT"),
  ClockCase(
    time: GraphClock.unix(year: 2014, month: 11, day: 2, hour: 9),
    iso: "2014-11-02T09:00:00+0000", pacific: "Sunday, 02-Nov-14 01:00:00 PST"),
  ClockCase(
    time: GraphClock.unix(year: 2015, month: 3, day: 8, hour: 10),
    iso: "2015-03-08T10:00:00+0000", pacific: "Sunday, 08-Mar-15 03:00:00 PDT"),
  ClockCase(
    time: GraphClock.unix(year: 2000, month: 2, day: 29), iso: "2000-02-29T00:00:00+0000",
    pacific: "Monday, 28-Feb-00 16:00:00 PST"),
  ClockCase(time: 0, iso: "1970-01-01T00:00:00+0000", pacific: "Wednesday, 31-Dec-69 16:00:00 PST"),
])
func clockFormats(_ c: ClockCase) {
  #expect(GraphClock.iso(c.time) == c.iso)
  #expect(GraphClock.pacific(c.time) == c.pacific)
  #expect(NodeRenderer.parseTime(c.iso) == c.time)
}
