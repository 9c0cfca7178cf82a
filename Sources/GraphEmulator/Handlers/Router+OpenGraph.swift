import GraphAPI
import GraphJSON

/// Open Graph actions: `POST me/fb_sample_scrumps:eat` with `meal`, `place`, `tags`,
/// `image[0][url]` (the Scrumptious tutorial), and `GET` to list them.
extension Router {
  mutating func openGraphAction(_ name: String, node: Node, call: GraphCall, viewer: Viewer)
    throws(GraphError) -> Outcome
  {
    let app = state.world.app
    let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, parts[0] == app.namespace, let property = app.actionTypes[parts[1]],
      node.type == .user
    else { throw .unknownPath("/\(name)") }
    let edge = Schema.Edge(name: name, target: .action)
    switch call.verb {
    case .get?:
      let pager = EdgePager(parameters: { call[$0] }, cap: 5000)
      return .json(
        .object(
          try renderer(call, viewer).list(
            owner: node, edge: edge, selection: try selection(call), pager: pager,
            nested: false)))
    case .post?:
      return try publishAction(name, property: property, call: call, viewer: viewer)
    default:
      throw .unsupported(call.method, id: call.path[0])
    }
  }

  private mutating func publishAction(
    _ name: String, property: String, call: GraphCall, viewer: Viewer
  ) throws(GraphError) -> Outcome {
    if call.version.follows(.openGraphActionsGone) { throw .publishActionsDeprecated }
    let user = try writer(viewer, needs: ["publish_actions"], call: call)
    guard let object = call[property], !object.isEmpty else {
      throw .parameter(
        "The action you're trying to publish is invalid because it does not specify any "
          + "reference objects. At least one of the following properties must be specified: "
          + "\(property).")
    }
    let tagged = Self.ids(in: call["tags"]) + call.indexed("tags")
    let untaggable = tagged.filter { !state.world.app.testers.contains($0) }
    if !untaggable.isEmpty { throw .cannotTag(untaggable) }
    var fields: [(String, JSONValue)] = [("from", reference(user))]
    let time = GraphClock.iso(state.now)
    fields += [
      ("start_time", .string(time)), ("end_time", .string(time)),
      ("publish_time", .string(time)), ("application", application),
    ]
    let objectID = state.mutate { $0.newID(prefix: "10154") }
    let url = Self.ids(in: object).first ?? object
    var data = JSONObject()
    data.append("id", .string(objectID))
    data.append("url", .string(url))
    data.append("type", .string("\(state.world.app.namespace):\(property)"))
    data.append("title", .string(Self.ogTitle(url) ?? property.capitalized))
    fields.append(("data", .object(JSONObject([.init(key: property, value: .object(data))]))))
    fields.append(("type", .string(name)))
    if !tagged.isEmpty {
      fields.append(("tags", .array(tagged.compactMap { state.world.nodes[$0].map(reference) })))
    }
    if let placeID = Self.ids(in: call["place"]).first, let place = state.world.nodes[placeID] {
      fields.append(("place", reference(place)))
    }
    var images: [JSONValue] = []
    var index = 0
    // By value (`image[0][url]`, an action posted to `me/...`) or by reference (`image[0]`,
    // the iOS SDK 3.24's single request, whose path starts `/v2.2/`).
    while let url = call["image[\(index)][url]"] ?? call["image[\(index)]"] {
      images.append(["url": .string(url)])
      index += 1
    }
    if images.isEmpty, let image = call["image"], let list = try? JSONParser.parse(image) {
      images = list.arrayValue ?? []
    }
    if !images.isEmpty { fields.append(("image", .array(images))) }
    let id = state.mutate { $0.newID(prefix: "44135") }
    let action = node(id, .action, fields)
    state.mutate { contents in
      contents.world.insert(action)
      contents.world.link(user.id, name, id, atFront: true)
    }
    return try created(id, call: call, viewer: viewer)
  }

  /// Ids (or URLs) from a parameter: `1,2`, a JSON array of ids or of objects with `id`
  /// (or `url`), or one JSON object, as the iOS SDK serialises graph objects.
  static func ids(in text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    if let value = try? JSONParser.parse(text) {
      let items = value.arrayValue ?? [value]
      return items.compactMap {
        $0.stringValue ?? $0["id"]?.stringValue ?? $0["url"]?.stringValue
          ?? $0.numberValue?.text
      }
    }
    return text.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
  }

  /// `og:title` from an object URL such as the Scrumptious tutorial's `repeater.php?...&og:title=Pizza`.
  static func ogTitle(_ url: String) -> String? {
    guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else {
      return nil
    }
    return QueryItems(parsing: query)["og:title"]
  }
}
