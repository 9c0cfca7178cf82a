import Foundation
import GraphAPI

/// The parameters Tab offers after a request's path, by method and route, each row with the
/// public page that documents it. The one place this data lives: docs/repl.md shows it
/// ("Parameters Tab offers", the text of `markdown`) and a test checks that the two agree and
/// that each route is one the emulator answers.
///
/// A parameter is spelled as Tab offers it: `message=` (any value), `metadata=1` (one value,
/// offered whole), `type=place|user|page` (the value completes from the list), `source@` (a file
/// name follows), `<object>=` (an Open Graph action's object property, `meal=` for the app's
/// `eat`).
struct ParameterTable: Sendable {
  /// Which paths a row fits.
  enum Route: Sendable, Equatable {
    /// Every path.
    case any
    /// One node: `me`, an id.
    case node
    /// An edge of a node (`me/friends`) that no row of the same method names.
    case anyEdge
    /// One named edge: `<node>/feed`.
    case edge(String)
    /// An Open Graph action of the app: `<node>/<namespace>:<action>`.
    case action
    /// `search`.
    case search

    /// How docs/repl.md names the route.
    var shown: String {
      switch self {
      case .any: return "any path"
      case .node: return "`<id>`"
      case .anyEdge: return "`<id>/<edge>`"
      case .edge(let name): return "`<id>/\(name)`"
      case .action: return "`<id>/<namespace>:<action>`"
      case .search: return "`search`"
      }
    }
  }

  /// One row: what `method` (or every method, `nil`) offers on `route`.
  struct Row: Sendable {
    var method: GraphMethod?
    var route: Route
    var parameters: [String]
    /// The public page (or pages) that documents the parameters.
    var source: String
  }

  static let usingGraphAPI = "https://developers.facebook.com/docs/graph-api/using-graph-api"

  static let rows: [Row] = [
    Row(
      method: nil, route: .any, parameters: ["access_token="],
      source: "https://developers.facebook.com/docs/facebook-login/access-tokens"),
    Row(
      method: .get, route: .any,
      parameters: ["fields=", "metadata=1", "locale=", "date_format=", "debug=all"],
      source: usingGraphAPI),
    Row(
      method: .get, route: .anyEdge,
      parameters: [
        "limit=", "offset=", "before=", "after=", "since=", "until=", "summary=true", "filter=",
      ],
      source: usingGraphAPI + "#paging"),
    Row(
      method: .get, route: .search,
      parameters: [
        "q=", "type=place|user|page|event|group", "center=", "distance=", "limit=", "offset=",
        "after=",
      ],
      source: "https://developers.facebook.com/docs/graph-api/using-graph-api/v2.2#search"),
    Row(
      method: .get, route: .edge("picture"),
      parameters: [
        "type=square|small|normal|large", "width=", "height=", "redirect=false",
      ],
      source: "https://developers.facebook.com/docs/graph-api/reference/v2.2/user/picture"),
    Row(
      method: .post, route: .any, parameters: ["fields="],
      source: usingGraphAPI),
    Row(
      method: .post, route: .node, parameters: ["method=delete"],
      source: "https://github.com/mobolic/facebook-sdk/blob/master/facebook/__init__.py"),
    Row(
      method: .post, route: .edge("feed"),
      parameters: [
        "message=", "link=", "picture=", "name=", "caption=", "description=", "actions=",
        "place=", "tags=", "privacy=", "object_attachment=",
      ],
      source: "https://developers.facebook.com/docs/graph-api/reference/v2.2/user/feed#publish"),
    Row(
      method: .post, route: .edge("photos"),
      parameters: ["source@", "url=", "message=", "place=", "tags=", "no_story=true"],
      source: "https://developers.facebook.com/docs/graph-api/reference/v2.2/user/photos#publish"
    ),
    Row(
      method: .post, route: .edge("comments"),
      parameters: ["message=", "attachment_url=", "attachment_id=", "source@"],
      source:
        "https://developers.facebook.com/docs/graph-api/reference/v2.2/object/comments#publish"),
    Row(
      method: .post, route: .action,
      parameters: [
        "<object>=", "place=", "tags=", "image[0][url]=", "image[0][user_generated]=true",
        "fb:explicitly_shared=true", "message=", "start_time=", "end_time=", "expires_in=",
        "no_feed_story=true", "ref=",
      ],
      source:
        "https://developers.facebook.com/docs/reference/ios/3.14/protocol/FBOpenGraphAction/, "
        + "https://developers.facebook.com/blog/post/2012/08/13/building-user-intent-into-the-open-graph/"
    ),
  ]

  /// The route `path` is (`me/feed` → `.edge("feed")` when a row of `method` names `feed`,
  /// else `.anyEdge`), or `nil` for a path no row but `.any` fits (`me/friends/2`, the bare path).
  static func route(of path: String, method: GraphMethod) -> Route? {
    let components = GraphCatalog.normalise(path).split(separator: "/").map(String.init)
    switch components.count {
    case 1: return components[0] == "search" ? .search : .node
    case 2:
      let edge = components[1]
      if edge.contains(":") { return .action }
      let named = rows.contains { $0.method == method && $0.route == .edge(edge) }
      return named ? .edge(edge) : .anyEdge
    default: return nil
    }
  }

  /// The parameters `method` offers on `path`, as the rows spell them, `<object>=` made the
  /// action's object property (`meal=`) from `actionTypes` (dropped when the action is unknown).
  static func parameters(method: GraphMethod, path: String, actionTypes: [String: String] = [:])
    -> [String]
  {
    let route = route(of: path, method: method)
    var out: [String] = []
    for row in rows where row.method == nil || row.method == method {
      guard row.route == .any || row.route == route else { continue }
      for parameter in row.parameters {
        if parameter == "<object>=" {
          let action = GraphCatalog.normalise(path).split(separator: ":").last.map(String.init)
          if let property = action.flatMap({ actionTypes[$0] }) { out.append(property + "=") }
        } else if !out.contains(parameter) {
          out.append(parameter)
        }
      }
    }
    return out
  }

  /// What Tab offers for a parameter spelled `spec`: the word (`type=` for a list of values,
  /// `metadata=1` whole) and the values that complete after `=`.
  static func offer(_ spec: String) -> (word: String, values: [String]) {
    guard let equals = spec.firstIndex(of: "=") else { return (spec, []) }
    let name = String(spec[...equals])
    let values = spec[spec.index(after: equals)...].split(separator: "|").map(String.init)
    return (values.count == 1 ? spec : name, values)
  }

  /// The values the parameter `name` takes on `path` with `method`, from the rows.
  static func values(of name: String, method: GraphMethod, path: String) -> [String] {
    parameters(method: method, path: path).map(offer).flatMap { offered in
      offered.word.hasPrefix(name + "=") ? offered.values : []
    }
  }

  /// The table as docs/repl.md shows it.
  static var markdown: String {
    var out = "| method | path | parameters | documented at |\n|---|---|---|---|\n"
    for row in rows {
      let parameters = row.parameters.map {
        "`" + $0.replacingOccurrences(of: "|", with: "\\|") + "`"
      }
      out +=
        "| \(row.method?.rawValue ?? "any") | \(row.route.shown) | \(parameters.joined(separator: ", ")) "
        + "| \(row.source) |\n"
    }
    return out
  }
}
