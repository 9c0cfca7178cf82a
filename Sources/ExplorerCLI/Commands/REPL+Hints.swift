import GraphAPI
import GraphJSON

/// "Did you mean" after an error answer that names what was mistyped: a field Graph says does
/// not exist (`nmae` → `name`), an edge it cannot find (`me/freinds` → `friends`), from what the
/// session knows of the node (its `metadata=1`, learned once per node type); and permissions
/// (`REPL+PermissionHints.swift`).
extension REPL {
  /// The hint for `exchange`, or `nil` when its answer names nothing close to a known name.
  func hint(for exchange: Exchange) async -> String? {
    if let hint = permissionHint(for: exchange) { return hint }
    if let hint = tokenHint(for: exchange) { return hint }
    if let hint = emptyPlaceSearchHint(for: exchange) { return hint }
    guard !exchange.succeeded,
      let message = exchange.json?["error"]?["message"]?.stringValue,
      let path = URLParts(exchange.request.url).map({ GraphCatalog.normalise($0.path) }),
      !path.isEmpty
    else { return nil }
    if let hint = Self.hostAsPathHint(path: path) { return hint }
    if let match = message.firstMatch(of: /nonexisting field \(([^)]{1,64})\)/) {
      let field = String(match.1)
      // A field selection names edges too (`fields=id,freinds` → `friends`).
      let fields = await known(path) { $0.fields(ofPath: path) + $0.edges(ofPath: path) }
      guard let name = Suggestion.closest(to: field, among: fields) else { return nil }
      let selection = (try? GraphRequest(parsing: exchange.request))?.parameters["fields"]
      if let edge = selection.flatMap({ Self.enclosingEdge(of: field, in: $0) }) {
        return "did you mean \(edge){\(name)}? (no field '\(field)' in \(edge){...})"
      }
      return "did you mean \(name)? (no field '\(field)' on \(path))"
    }
    if let match = message.firstMatch(of: /Unknown path components: \/([^\/?\s]{1,64})/) {
      let edge = String(match.1)
      guard let slash = path.lastIndex(of: "/") else { return nil }
      let parent = String(path[..<slash])
      let edges = await known(parent) { $0.edges(ofPath: parent) }
      return Suggestion.closest(to: edge, among: edges).map {
        "did you mean \(parent)/\($0)? (no edge '\(edge)' on \(parent))"
      }
    }
    return nil
  }

  /// After a 2500 without a token (`token clear`), how to set one; after a 190 for a token
  /// that is close to a test token's name (`token alcie`), that name (issue 29).
  func tokenHint(for exchange: Exchange) -> String? {
    guard let code = exchange.json?["error"]?["code"]?.numberValue?.intValue else { return nil }
    let names = session.target.emulator?.testTokens.compactMap(\.name) ?? []
    switch (code, exchange.sentToken) {
    case (2500, nil):
      return
        "no token was sent: set one with token <name> (\(names.prefix(3).joined(separator: ", ")), ...) or login <person>"
    case (190, let sent?):
      if let name = Suggestion.closest(to: sent, among: names) {
        return
          "the token sent is no token of the emulator: did you mean the test token \(name)? (token \(name))"
      }
      let subcode = exchange.json?["error"]?["error_subcode"]?.numberValue?.intValue
      let message = exchange.json?["error"]?["message"]?.stringValue ?? ""
      return Self.deadTokenHint(subcode: subcode, message: message)
    default: return nil
    }
  }

  /// What to do about a token Graph refused with 190 and `subcode` (issue 45): it is dead and
  /// only a new login helps, or (malformed) it was not copied whole.
  static func deadTokenHint(subcode: Int?, message: String) -> String? {
    let again = "log in again (login <person> on the emulator); whoami shows the token's state"
    switch subcode {
    case 463?: return "the token expired: \(again); token exchange trades a live one for 60 days"
    case 460?: return "the token died when the user changed their password: \(again)"
    case 467?: return "the token died when the user logged out: \(again)"
    case 458?: return "the user removed the app, which ended the token: \(again)"
    default:
      guard message.contains("Malformed access token") else { return nil }
      return
        "the token is not one Graph could read (cut short, or a quote, space or label copied with it): token --show shows it; set it again with token <value>"
    }
  }

  /// After a URL typed without `https://` (`GET graph.facebook.com/me`, which Graph reads as an
  /// object `graph.facebook.com`): the path alone (issue 45).
  static func hostAsPathHint(path: String) -> String? {
    let parts = path.split(separator: "/", maxSplits: 1)
    guard let first = parts.first, first.contains("."),
      first.hasSuffix("facebook.com") || first.hasPrefix("127.0.0.1")
        || first.hasPrefix("localhost")
    else { return nil }
    let rest = parts.count > 1 ? String(parts[1]) : "me"
    return
      "did you mean GET \(rest)? ('\(first)' is a host: give the path alone, or the whole URL with https://)"
  }

  /// After a place search that found nothing, where the world's places are (issue 29).
  func emptyPlaceSearchHint(for exchange: Exchange) -> String? {
    guard exchange.succeeded, let parts = URLParts(exchange.request.url),
      GraphCatalog.normalise(parts.path) == "search",
      QueryItems(parsing: parts.query ?? "")["type"] == "place",
      exchange.json?["data"]?.arrayValue?.isEmpty == true,
      let places = session.target.emulator?.world.places, let first = places.first,
      let latitude = first.fields["location"]?["latitude"]?.numberValue,
      let longitude = first.fields["location"]?["longitude"]?.numberValue
    else { return nil }
    let names = places.prefix(3).compactMap { $0.fields["name"]?.stringValue }
      .joined(separator: ", ")
    return "no place here matched; the world's \(places.count) places are around "
      + "\(latitude),\(longitude) (\(names)): center=\(latitude),\(longitude)&distance=5000"
  }

  /// `names` from the catalog, after learning `path`'s metadata when it is not known yet.
  private func known(
    _ path: String, _ names: (GraphCatalog) -> [String]
  ) async -> [String] {
    if !session.catalog.knows(path: path), let answer = await session.metadata(of: path) {
      session.catalog.learn(path: path, answer: answer)
    }
    return names(session.catalog)
  }

  /// The edge whose nested selection holds `field` in `selection`: `friends` for `nmae` in
  /// `id,friends.limit(5){nmae,id}` (issue 45); `nil` when it is at the top.
  static func enclosingEdge(of field: String, in selection: String) -> String? {
    var stack: [String] = []
    var word = ""
    var last = ""
    var depth = 0  // inside (...) modifiers
    for character in selection {
      switch character {
      case "(": depth += 1
      case ")": depth = max(depth - 1, 0)
      case _ where depth > 0: continue
      case "{":
        stack.append(last.isEmpty ? word : last)
        word = ""
        last = ""
      case "}", ",", ".":
        if word == field, let edge = stack.last { return edge }
        if character == "." { last = word.isEmpty ? last : word } else { last = "" }
        if character == "}" { _ = stack.popLast() }
        word = ""
      default:
        if last.isEmpty || !word.isEmpty || character.isLetter { word.append(character) }
      }
    }
    return word == field ? stack.last : nil
  }
}
