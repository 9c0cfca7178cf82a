import GraphAPI
import GraphJSON

/// The Page surface beyond reads and writes shared with people: a Page's insights, and the
/// permissions a Page token writes with.
/// https://developers.facebook.com/docs/pages/access-tokens ;
/// https://developers.facebook.com/docs/graph-api/reference/page/insights
extension Router {
  /// What a Page token needs to post, comment or like as its Page, old name first.
  static let pagePublishing = ["publish_pages", "pages_manage_posts", "pages_manage_engagement"]

  /// The insights metrics the emulator keeps ([choice]: two of Graph's many), with their
  /// period, title and description.
  static let insightsMetrics: [(name: String, period: String, title: String, about: String)] = [
    (
      "page_fans", "lifetime", "Lifetime Total Likes",
      "Lifetime: The total number of people who have liked your Page. (Unique Users)"
    ),
    (
      "page_impressions", "day", "Daily Total Impressions",
      "Daily: The number of impressions seen of any content associated with your Page. (Total Count)"
    ),
  ]

  /// `GET <page>/insights[?metric=a,b]`: a Page token of the Page reads them; before v3.0 a
  /// manager's user token with `read_insights` did too.
  func pageInsights(_ page: Node, call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    guard page.type == .page else { throw .unknownPath("/insights") }
    let roles = PageRoles(world: state.world, viewer: viewer, version: call.version)
    let ownToken = viewer.pageID == page.id
    if !ownToken {
      if call.version.follows(.pageInsightsNeedPageToken) { throw .pageTokenRequired }
      guard roles.manages(page), viewer.has("read_insights") else {
        throw .requiresPermission("read_insights")
      }
    }
    let asked = call["metric"].map(Self.metricNames) ?? Self.insightsMetrics.map(\.name)
    var data: [JSONValue] = []
    for name in asked {
      guard let metric = Self.insightsMetrics.first(where: { $0.name == name }) else {
        throw .parameter("The value must be a valid insights metric")
      }
      let fans = page.fields["likes"]?.numberValue?.intValue ?? 0
      let end = GraphClock.iso(state.world.clock)
      let value = metric.name == "page_fans" ? fans : fans / 50
      var object = JSONObject()
      object.append("name", .string(metric.name))
      object.append("period", .string(metric.period))
      object.append("values", [["value": .number(JSONNumber(value)), "end_time": .string(end)]])
      object.append("title", .string(metric.title))
      object.append("description", .string(metric.about))
      object.append("id", .string("\(page.id)/insights/\(metric.name)/\(metric.period)"))
      data.append(.object(object))
    }
    return .json(["data": .array(data)])
  }

  /// `metric` as a comma list (`page_fans,page_impressions`) or a JSON array of names, as
  /// facebook-business sends a list parameter (`["page_fans"]`).
  static func metricNames(_ text: String) -> [String] {
    if text.hasPrefix("["), case .array(let items)? = try? JSONParser.parse(text) {
      return items.map { $0.stringValue ?? $0.compactText }
    }
    return text.split(separator: ",").map { String($0) }
  }
}
