import Foundation
import GraphAPI
import GraphJSON

/// `GET /search?q=&type=place|user|page|event|group[&center=lat,lng&distance=m]`
/// (reference, "Requests": the iOS SDK's place search).
extension Router {
  func search(_ call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    guard viewer.hasToken else { throw .tokenRequired }
    guard let type = call[.type], !type.isEmpty else {
      throw .parameter("Missing or invalid type parameter")
    }
    let words = (call[.q] ?? "").lowercased().split(separator: " ").map(String.init)
    let world = state.world
    func matches(_ node: Node) -> Bool {
      let text = ((node.string("name") ?? "") + " " + categories(node)).lowercased()
      return words.allSatisfy { text.contains($0) }
    }
    var ids: [String]
    switch type {
    case "place":
      var places = stored(world).filter { $0.type == .page && $0.fields["location"] != nil }
      places = places.filter(matches)
      if let centre = call["center"] {
        let parts = centre.split(separator: ",").compactMap { Double(String($0).trimmingSpaces) }
        guard parts.count == 2 else { throw .parameter("Invalid center parameter: \(centre)") }
        let radius = call["distance"].flatMap { Double($0) }
        var scored: [(id: String, metres: Double)] = []
        for place in places {
          let metres = Self.distance(from: (parts[0], parts[1]), to: place)
          if let radius, metres > radius { continue }
          scored.append((place.id, metres))
        }
        scored.sort { $0.metres != $1.metres ? $0.metres < $1.metres : $0.id < $1.id }
        ids = scored.map(\.id)
      } else {
        guard !words.isEmpty else { throw .parameter("Please specify q or center") }
        ids = places.sorted(by: Self.byCheckins).map(\.id)
      }
    case "user", "event", "group":
      if call.version.follows(.searchPeopleEventsGroupsGone) {
        throw .unsupportedSearchType(type)
      }
      guard viewer.userID != nil else {
        throw GraphError.permissionError(
          "(#200) Must have a valid access_token to access this endpoint")
      }
      let nodeType: NodeType? = type == "user" ? .user : type == "event" ? .event : nil
      let stored = stored(world).filter { $0.type == nodeType && matches($0) }
        .sorted { $0.id < $1.id }.map(\.id)
      if nodeType == .user, let population = world.nodes.population {
        // A generated world's people, found by their name pairs (`PopulationSearch`).
        let search = PopulationSearch(
          population: population, hidden: world.nodes.hidden
        ) { first, last in
          let text = (first + " " + last + " ").lowercased()
          return words.allSatisfy { text.contains($0) }
        }
        let results = SearchResults(stored: stored, population: search)
        return .json(.object(try searchPage(results, type: type, call: call, viewer: viewer)))
      }
      ids = stored
    case "page":
      ids = stored(world).filter { $0.type == .page && matches($0) }
        .sorted(by: Self.byCheckins).map(\.id)
    default:
      throw .unsupportedSearchType(type)
    }
    return .json(
      .object(try searchPage(SearchResults(ids), type: type, call: call, viewer: viewer)))
  }

  /// The nodes a search looks through besides a generated world's people: every node of a
  /// world without them, else the stored ones (the people are users, found apart).
  private func stored(_ world: World) -> [Node] {
    world.nodes.population == nil ? Array(world.nodes.values) : Array(world.nodes.stored.values)
  }

  private func categories(_ node: Node) -> String {
    let list = node.fields["category_list"]?.arrayValue ?? []
    return ([node.string("category") ?? ""] + list.compactMap { $0["name"]?.stringValue })
      .joined(separator: " ")
  }

  /// Search answers page by offset, as Graph's did (`offset=` in `next`).
  private func searchPage(
    _ results: SearchResults, type: String, call: GraphCall, viewer: Viewer
  ) throws(GraphError) -> JSONObject {
    let pager = EdgePager(parameters: { call[$0] }, cap: 5000)
    let total = results.count
    let start = min(pager.offset ?? 0, total)
    let end = min(total, start + pager.limit)
    let selection = try selection(call)
    let renderer = renderer(call, viewer)
    let places =
      type == "place" && call.version.follows(.placeSearchAnswersPlaceInformation)
      ? PlaceInformation(renderer: renderer) : nil
    var data: [JSONValue] = []
    for id in results.ids(start..<end) {
      guard let node = state.world.nodes[id] else { continue }
      if let places {
        data.append(.object(try places.render(node, selection: selection)))
      } else if let selection {
        data.append(.object(try renderer.render(node, selection: selection)))
      } else {
        data.append(.object(Self.searchItem(node)))
      }
    }
    var out = JSONObject()
    out.append("data", .array(data))
    var paging = JSONObject()
    let urls = PagingURL(call: call)
    if start > 0 {
      let previous = QueryItems([.init(name: "offset", value: String(max(0, start - pager.limit)))])
      paging.append(
        "previous",
        .string(urls.url(path: "search", kept: call.params, limit: pager.limit, extra: previous)))
    }
    if end < total {
      paging.append(
        "next",
        .string(
          urls.url(
            path: "search", kept: call.params, limit: pager.limit,
            extra: QueryItems([.init(name: "offset", value: String(end))]))))
    }
    if !paging.members.isEmpty { out.append("paging", .object(paging)) }
    return out
  }

  /// The default search item: `category`, `category_list`, `location`, `name`, `id` for
  /// places and pages; `name`, `id` for people and events.
  static func searchItem(_ node: Node) -> JSONObject {
    var out = JSONObject()
    let keys =
      node.type == .page ? ["category", "category_list", "location", "name"] : ["name"]
    for key in keys { if let value = node.fields[key] { out.append(key, value) } }
    out.append("id", .string(node.id))
    return out
  }

  static func byCheckins(_ a: Node, _ b: Node) -> Bool {
    let x = a.fields["checkins"]?.numberValue?.intValue ?? 0
    let y = b.fields["checkins"]?.numberValue?.intValue ?? 0
    return x != y ? x > y : a.id < b.id
  }

  /// Great-circle distance in metres from `centre` to a place's location.
  static func distance(from centre: (Double, Double), to node: Node) -> Double {
    let location = node.fields["location"]
    let lat = location?["latitude"]?.numberValue?.doubleValue ?? 0
    let lng = location?["longitude"]?.numberValue?.doubleValue ?? 0
    let rad = Double.pi / 180
    let dLat = (lat - centre.0) * rad
    let dLng = (lng - centre.1) * rad
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(centre.0 * rad) * cos(lat * rad) * sin(dLng / 2)
      * sin(dLng / 2)
    return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}
