import GraphAPI
import GraphJSON

/// How Graph paged edges in the recording a world was made from (`world --from`), where that
/// differs from the emulator's own rules: the world file's `paging` member (docs/emulator.md,
/// "World files"). Public recordings show friends paged by offset at v2.2 with
/// `summary.total_count` unasked, counting friends no page listed, and the paging links of a
/// call without a version naming the version that served it.
public struct RecordedPaging: Sendable, Hashable {
  /// How one edge (by name, on every owner) was paged.
  public struct Edge: Sendable, Hashable {
    /// By offset (`offset=O+L&__after_id=<last id>`), with `next` on every page that lists
    /// someone, as friends are before v2.0 (`VersionRule.friendsPagedByCursor`).
    public var byOffset = false
    /// The page size when the request asks none.
    public var limit: Int?
    /// Whether `summary` (`total_count`) is shown when not asked for.
    public var summary = false
    /// Parameters the links of a top-level read without `fields` carry that the request did
    /// not send (`icon_size=16` on a feed), in the order recorded.
    public var linkParameters = QueryItems()

    public init(
      byOffset: Bool = false, limit: Int? = nil, summary: Bool = false,
      linkParameters: QueryItems = QueryItems()
    ) {
      self.byOffset = byOffset
      self.limit = limit
      self.summary = summary
      self.linkParameters = linkParameters
    }
  }

  /// Whether the paging links of a call without a version in its path name the version that
  /// served it (from v2.0; a v1.0 link names none).
  public var versionedLinks = false
  /// Edges paged otherwise than the emulator's rules say, by name.
  public var edges: [String: Edge] = [:]
  /// Items `summary.total_count` counted that no answer listed, by owner, then edge: the count
  /// is the listed items and these.
  public var unlisted: [String: [String: Int]] = [:]
  /// Edges, by owner (a node or the app), that a recorded page showed going on past the last
  /// item the world lists (its `next` was never followed): a page that ends there has a `next`
  /// link, and the page past it lists nothing (**[choice]**: what it held was never seen).
  public var continued: [String: Set<String>] = [:]
  /// Edges (by name) that a field expansion listing nothing was left out of an answer for,
  /// as a v1.0 read of 2014 shows a post with no likes (`fields=likes.summary(true)`): the
  /// field is omitted rather than `{"data":[],"summary":{"total_count":0}}`.
  public var omittedEmpty: Set<String> = []
  /// Whether the world's clock is the recording's (`world --from` started it at the first
  /// answer's `Date`): then an edge lists only what existed at the clock (`World.asOf`).
  public var asOfClock = false
  /// The latest time an item of the world came to be (`World.cameToBe`), worked out from the
  /// nodes when a world file with `as_of_clock` is read (not written).
  public internal(set) var latestItemTime: Int?

  public init(
    versionedLinks: Bool = false, edges: [String: Edge] = [:],
    unlisted: [String: [String: Int]] = [:], continued: [String: Set<String>] = [:]
  ) {
    self.versionedLinks = versionedLinks
    self.edges = edges
    self.unlisted = unlisted
    self.continued = continued
  }

  /// The page size the emulator's rules give a top-level read that asks none: 5000 by offset
  /// (friends before v2.0), else Graph's 25.
  public static func ruleLimit(byOffset: Bool) -> Int { byOffset ? 5000 : EdgePager.defaultLimit }

  /// The largest count or page size a world file may give (2^53 - 1, the largest whole number
  /// every JSON reader keeps exactly): a count added to a listed one cannot overflow.
  public static let largestCount = 9_007_199_254_740_991

  /// Whether nothing differs from the emulator's rules (the member is left out of a world file).
  public var isEmpty: Bool {
    !versionedLinks && !asOfClock && edges.isEmpty && unlisted.isEmpty && continued.isEmpty
      && omittedEmpty.isEmpty
  }

  /// The world file's `paging` object.
  public var jsonValue: JSONValue {
    var out = JSONObject()
    if versionedLinks { out.append("versioned_links", true) }
    if asOfClock { out.append("as_of_clock", true) }
    if !edges.isEmpty {
      var byName = JSONObject()
      for (name, edge) in edges.sorted(by: { $0.key < $1.key }) {
        var object = JSONObject()
        if edge.byOffset { object.append("by", "offset") }
        if let limit = edge.limit { object.append("limit", .number(JSONNumber(limit))) }
        if edge.summary { object.append("summary", true) }
        if !edge.linkParameters.isEmpty {
          object.append(
            "link_parameters",
            .object(
              JSONObject(edge.linkParameters.map { .init(key: $0.name, value: .string($0.value)) })
            ))
        }
        byName.append(name, .object(object))
      }
      out.append("edges", .object(byName))
    }
    if !unlisted.isEmpty {
      var byOwner = JSONObject()
      for (owner, counts) in unlisted.sorted(by: { $0.key < $1.key }) {
        byOwner.append(
          owner,
          .object(
            JSONObject(
              counts.sorted { $0.key < $1.key }.map {
                .init(key: $0.key, value: .number(JSONNumber($0.value)))
              })))
      }
      out.append("unlisted", .object(byOwner))
    }
    if !continued.isEmpty {
      out.append(
        "continued",
        .object(
          JSONObject(
            continued.sorted { $0.key < $1.key }.map {
              .init(key: $0.key, value: .array($0.value.sorted().map { .string($0) }))
            })))
    }
    if !omittedEmpty.isEmpty {
      out.append("omitted_empty", .array(omittedEmpty.sorted().map { .string($0) }))
    }
    return .object(out)
  }
}

extension WorldDecoder {
  /// The `paging` member: checked as the rest of a world file is.
  func recordedPaging(nodes: [String: Node], app: String) throws(EmulatorError)
    -> RecordedPaging
  {
    var paging = RecordedPaging()
    guard let value = root["paging"], !value.isNull else { return paging }
    guard case .object(let object) = value else {
      throw fail("$.paging", "expected an object, found \(value.kindName)")
    }
    if let flag = object["versioned_links"] {
      guard let bool = flag.boolValue else {
        throw fail("$.paging.versioned_links", "expected true or false, found \(flag.kindName)")
      }
      paging.versionedLinks = bool
    }
    if let flag = object["as_of_clock"] {
      guard let bool = flag.boolValue else {
        throw fail("$.paging.as_of_clock", "expected true or false, found \(flag.kindName)")
      }
      paging.asOfClock = bool
      if bool { paging.latestItemTime = nodes.values.lazy.compactMap(World.cameToBe).max() }
    }
    for member in try self.object(object["edges"], "$.paging.edges").members {
      paging.edges[member.key] = try edge(member.value, "$.paging.edges.\(member.key)")
    }
    for owner in try self.object(object["unlisted"], "$.paging.unlisted").members {
      guard nodes[owner.key] != nil else {
        throw fail("$.paging.unlisted.\(owner.key)", "no node with this id")
      }
      for count in try self.object(owner.value, "$.paging.unlisted.\(owner.key)").members {
        let location = "$.paging.unlisted.\(owner.key).\(count.key)"
        paging.unlisted[owner.key, default: [:]][count.key] = try self.count(
          count.value, location, from: 0)
      }
    }
    for owner in try self.object(object["continued"], "$.paging.continued").members {
      let location = "$.paging.continued.\(owner.key)"
      guard nodes[owner.key] != nil || owner.key == app else {
        throw fail(location, "no node or app with this id")
      }
      paging.continued[owner.key] = Set(try strings(owner.value, location))
    }
    if let names = object["omitted_empty"], !names.isNull {
      paging.omittedEmpty = Set(try strings(names, "$.paging.omitted_empty"))
    }
    return paging
  }

  private func edge(_ value: JSONValue, _ location: String) throws(EmulatorError)
    -> RecordedPaging.Edge
  {
    let object = try self.object(value, location)
    var edge = RecordedPaging.Edge()
    if let by = object["by"] {
      guard by.stringValue == "offset" else {
        throw fail("\(location).by", "expected \"offset\", found \(by.compactText)")
      }
      edge.byOffset = true
    }
    if let limit = object["limit"] { edge.limit = try count(limit, "\(location).limit", from: 1) }
    if let summary = object["summary"] {
      guard let bool = summary.boolValue else {
        throw fail("\(location).summary", "expected true or false, found \(summary.kindName)")
      }
      edge.summary = bool
    }
    let parameters = try self.object(object["link_parameters"], "\(location).link_parameters")
    for parameter in parameters.members {
      edge.linkParameters.append(
        parameter.key, try string(parameter.value, "\(location).link_parameters.\(parameter.key)"))
    }
    return edge
  }

  /// An object's members (none when absent).
  private func object(_ value: JSONValue?, _ location: String) throws(EmulatorError)
    -> JSONObject
  {
    guard let value, !value.isNull else { return JSONObject() }
    guard case .object(let object) = value else {
      throw fail(location, "expected an object, found \(value.kindName)")
    }
    return object
  }

  /// A whole number from `least` to `RecordedPaging.largestCount`.
  private func count(_ value: JSONValue, _ location: String, from least: Int) throws(EmulatorError)
    -> Int
  {
    guard let number = value.numberValue?.intValue,
      (least...RecordedPaging.largestCount).contains(number)
    else {
      throw fail(
        location,
        "expected a whole number from \(least) to \(RecordedPaging.largestCount), found "
          + value.compactText)
    }
    return number
  }
}
