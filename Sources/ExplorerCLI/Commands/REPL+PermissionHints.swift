import GraphAPI
import GraphEmulator

/// "Did you mean" for permissions: a mistyped name after `login`, `grant`, `revoke` or in
/// `--scope`, in a `me/permissions/<name>` path or a dialog's `scope`, and what to do when a Graph
/// error names the permission a request needs.
extension REPL {
  /// The permission names the session knows: the emulator's, and those the answers of
  /// `me/permissions` listed.
  var knownPermissions: [String] {
    var names = GraphEmulator.permissionNames
    for exchange in session.history where exchange.summary.contains("/permissions") {
      for item in exchange.json?["data"]?.arrayValue ?? [] {
        if let name = item["permission"]?.stringValue, !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  /// `unknown permission 'publish_actoins': did you mean publish_actions? (Tab after 'grant '
  /// lists them)`.
  func unknownPermission(_ name: String) -> String {
    var text = "unknown permission '\(TerminalText.escaped(name))'"
    if let near = Suggestion.closest(to: name, among: knownPermissions) {
      text += ": did you mean \(near)?"
    }
    return text + " (Tab after 'grant ' lists the permissions)"
  }

  /// The hint for an answer about permissions: a mistyped name in a `.../permissions/<name>`
  /// path, or the permission a Graph error (`(#200) Requires extended permission: X`, `(#10)
  /// ... the 'X' permission`) says the request needs.
  func permissionHint(for exchange: Exchange) -> String? {
    let path = URLParts(exchange.request.url).map { GraphCatalog.normalise($0.path) } ?? ""
    let components = path.split(separator: "/").map(String.init)
    if components.count == 3, components[1] == "permissions" {
      let name = components[2]
      let known = knownPermissions
      if !known.contains(name), let near = Suggestion.closest(to: name, among: known) {
        return "did you mean \(components[0])/permissions/\(near)? (no permission '\(name)')"
      }
    }
    guard !exchange.succeeded,
      let message = exchange.json?["error"]?["message"]?.stringValue,
      let name = Self.permissionNamed(in: message)
    else { return nil }
    let known = knownPermissions
    if !known.contains(name) {
      return Suggestion.closest(to: name, among: known).map {
        "did you mean \($0)? (no permission '\(name)')"
      }
    }
    return session.target.emulator != nil
      ? "the token lacks \(name): 'grant \(name)' adds it (or 'login <person> \(name)')"
      : "the token lacks \(name): log in again asking for it (scope=\(name))"
  }

  /// The permission a Graph error message names, or `nil`.
  static func permissionNamed(in message: String) -> String? {
    if let match = message.firstMatch(of: /[Ee]xtended permission: ([a-z_]{1,64})/) {
      return String(match.1)
    }
    if let match = message.firstMatch(of: /the '([a-z_]{1,64})' permission/) {
      return String(match.1)
    }
    if let match = message.firstMatch(of: /Invalid Scopes: ([a-z_]{1,64})/) {
      return String(match.1)
    }
    return nil
  }
}
