import GraphJSON

/// `token page [<name> | <id>]`: the Page token of `me/accounts` in one step (issue 45), as the
/// Graph API Explorer's "Get Page Access Token" menu gives it.
extension REPL {
  /// Reads `me/accounts` (an exchange of the history, recorded and replayed as any other)
  /// and uses the token of the Page named `wanted` (its id, its name, or a part of its name
  /// only it has); without a name, the only Page, or the list of them to choose from.
  func usePageToken(_ wanted: String?) async throws(ExplorerError) -> [Output] {
    // A Page's token set here reads no `me/accounts` (its `me` is the Page): the person's
    // token it came from reads them, so `token page B` after `token page A` works.
    var parameters: [Parameter] = []
    if let owner = pageTokenOwner, owner.page == session.token,
      let parameter = Parameter(
        word: Word(
          pieces: [.init(text: "access_token=" + owner.user, expands: false, quoted: false)],
          column: 1))
    {
      parameters.append(parameter)
    }
    let line = RequestLine(
      method: .get, path: Template(literal: "me/accounts"), parameters: parameters)
    let exchange = try await send(line, text: "GET me/accounts")
    let source = "#\(exchange.number) GET me/accounts"
    guard exchange.succeeded, let pages = exchange.json?["data"]?.arrayValue else {
      let message =
        exchange.json?["error"]?["message"]?.stringValue ?? "HTTP \(exchange.response.status)"
      throw .failed("token page: \(source) answered \(message) (show #\(exchange.number))")
    }
    let listed = pages.map { page in
      let category = page["category"]?.stringValue.map { " · \($0)" } ?? ""
      return "\(Self.pageName(page)) (\(page["id"]?.stringValue ?? "?"))\(category)"
    }
    guard !pages.isEmpty else {
      throw .failed(
        "token page: \(source) lists no Page: the person manages none, or the token lacks "
          + "manage_pages ('whoami' lists its permissions; 'grant manage_pages' adds it)")
    }
    guard let page = Self.page(wanted, among: pages) else {
      guard let wanted else {
        return [
          .text(listed.map { $0 + "\n" }.joined()),
          .note("\(pages.count) Pages in \(source): token page NAME|ID uses one"),
        ]
      }
      let near =
        Suggestion.closest(to: wanted, among: pages.map(Self.pageName))
        .map { ": did you mean \($0)?" } ?? ""
      throw .failed(
        "token page: no Page '\(wanted)' in \(source)\(near) (Pages: \(listed.joined(separator: ", ")))"
      )
    }
    let described = "the Page \(Self.pageName(page)) (\(page["id"]?.stringValue ?? "?"))"
    guard let token = page["access_token"]?.stringValue, !token.isEmpty else {
      throw .failed(
        "token page: \(source) gives \(described) without its access_token: the token lacks "
          + "manage_pages ('grant manage_pages' adds it)")
    }
    pageTokenOwner = (page: token, user: exchange.sentToken ?? session.token ?? "")
    session.token = token
    return [.note("token set (\(shown(token, unmasked: false))) · \(described) · from \(source)")]
  }

  private static func pageName(_ page: JSONValue) -> String {
    page["name"]?.stringValue ?? "?"
  }

  /// The Page `wanted` names: by id, by name (case ignored), or by a part of the name only
  /// one Page has; `nil` when `wanted` is `nil` and there are several.
  private static func page(_ wanted: String?, among pages: [JSONValue]) -> JSONValue? {
    guard let wanted else { return pages.count == 1 ? pages[0] : Optional.none }
    let lower = wanted.lowercased()
    if let page = pages.first(where: { $0["id"]?.stringValue == wanted }) { return page }
    if let page = pages.first(where: { pageName($0).lowercased() == lower }) { return page }
    let partly = pages.filter { pageName($0).lowercased().contains(lower) }
    return partly.count == 1 ? partly[0] : Optional.none
  }
}
