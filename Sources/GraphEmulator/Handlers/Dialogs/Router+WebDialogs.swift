import Foundation
import GraphAPI
import GraphJSON

/// The web dialogs of FBWebDialogs: `/dialog/feed` (share a story) and `/dialog/apprequests`
/// (send app requests). Each page posts back to its own path; the answer redirects to
/// `redirect_uri` (`fbconnect://success` by default) as the SDK parses it.
extension Router {
  static let defaultDialogRedirect = "fbconnect://success"

  /// The person a web dialog acts for: the user of its `access_token`.
  func dialogUser(_ call: GraphCall) -> Node? {
    guard let viewer = try? Viewer.resolve(call.token, in: state.world, now: state.now).get(),
      let id = viewer.userID
    else { return nil }
    return state.world.nodes[id]
  }

  /// Where a web dialog's request stands once its app id and person are checked.
  enum DialogStep {
    /// Answered already: an error page, the dialog page itself, or the redirect of a cancel.
    case answered(Outcome)
    /// The person approved; the dialog acts for `user` and then redirects to `redirect`.
    case approved(user: Node, redirect: String)
  }

  /// The checks every web dialog opens with: the app id, the person of the token, then the
  /// page (a GET, or a POST without a decision) or the person's decision.
  func dialogStep(_ call: GraphCall, page: (Node) -> Outcome) -> DialogStep {
    guard (call["app_id"] ?? call["client_id"]) == state.world.app.id else {
      return .answered(
        DialogPage.error(
          "Invalid App ID", "The provided app ID does not look like a valid app ID."))
    }
    guard let user = dialogUser(call) else {
      return .answered(
        DialogPage.error(
          "Not logged in", "The dialog needs the access_token of a person who uses the app."))
    }
    let redirect = call["redirect_uri"] ?? Self.defaultDialogRedirect
    // The same Valid OAuth Redirect URIs as the login dialog: no open redirect, nothing a
    // browser reads differently, no control byte in `Location`.
    guard ValidRedirect.allows(redirect, appID: state.world.app.id) else {
      return .answered(DialogPage.error("URL Blocked", Self.blockedRedirect))
    }
    guard call.verb == .post, let decision = call["decision"] else {
      return .answered(page(user))
    }
    guard decision == "approve" else { return .answered(.redirect(redirect)) }
    return .approved(user: user, redirect: redirect)
  }

  mutating func feedDialog(_ call: GraphCall) throws(GraphError) -> Outcome {
    let (user, redirect): (Node, String)
    switch dialogStep(call, page: { feedDialogPage(call, user: $0) }) {
    case .answered(let outcome): return outcome
    case .approved(let person, let target): (user, redirect) = (person, target)
    }
    let owner = call["to"].flatMap { state.world.nodes[$0] } ?? user
    let time = GraphClock.iso(state.now)
    let id = "\(owner.id)_\(state.mutate { $0.newID() })"
    var fields: [(String, JSONValue)] = [("from", reference(user))]
    if owner.id != user.id { fields.append(("to", ["data": [reference(owner)]])) }
    if let message = call["message"], !message.isEmpty {
      fields.append(("message", .string(message)))
    }
    for key in ["link", "name", "caption", "description", "picture"] {
      if let value = call[key], !value.isEmpty { fields.append((key, .string(value))) }
    }
    fields += [
      ("type", call["link"] == nil ? "status" : "link"),
      ("status_type", call["link"] == nil ? "mobile_status_update" : "shared_story"),
      ("application", application), ("created_time", .string(time)),
      ("updated_time", .string(time)),
    ]
    let post = node(id, .post, fields)
    state.mutate { contents in
      contents.world.insert(post)
      contents.world.link(owner.id, "feed", id, atFront: true)
      if owner.id == user.id { contents.world.link(user.id, "posts", id, atFront: true) }
    }
    var query = QueryItems()
    query.append("post_id", id)
    return .redirect(DialogRedirect.url(redirect, query: query))
  }

  func feedDialogPage(_ call: GraphCall, user: Node) -> Outcome {
    let e = DialogPage.escape
    var preview: [String] = []
    for key in ["name", "caption", "description", "link", "picture"] {
      if let value = call[key] { preview.append("<li>\(e(key)): \(e(value))</li>") }
    }
    let target = call["to"].flatMap { state.world.nodes[$0]?.string("name") }
    let body = """
      <h1>Post to \(e(target.map { "\($0)'s timeline" } ?? "your timeline"))</h1>
      <form method="post" action="\(e(call.versionPrefix))/dialog/feed">
      \(DialogPage.hidden(call, ["app_id", "client_id", "access_token", "link", "name", "caption", "description", "picture", "to", "redirect_uri", "display"]))
      <p>Posting as \(e(user.string("name") ?? user.id)).</p>
      <p><label>Say something about this:<br>
      <textarea name="message" rows="3" cols="40">\(e(call["message"] ?? ""))</textarea></label></p>
      <ul id="story">
      \(preview.joined(separator: "\n"))
      </ul>
      \(DialogPage.buttons(approve: "Share"))
      </form>
      """
    return DialogPage(title: "Post to Facebook", body: body).outcome
  }

  mutating func requestsDialog(_ call: GraphCall) throws(GraphError) -> Outcome {
    let (user, redirect): (Node, String)
    switch dialogStep(call, page: { requestsDialogPage(call, user: $0) }) {
    case .answered(let outcome): return outcome
    case .approved(let person, let target): (user, redirect) = (person, target)
    }
    var recipients: [String] = []
    let named = (call["to"] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let picked = call.params.items.filter { $0.name == "recipient" }.map(\.value)
    for id in named + picked where !id.isEmpty && !recipients.contains(id) {
      guard state.world.nodes[id]?.type == .user else {
        return DialogPage.error("Unknown recipient", "No person in the world has the id '\(id)'.")
      }
      recipients.append(id)
    }
    guard !recipients.isEmpty else {
      return DialogPage.error("No recipients", "Choose at least one friend to send the request to.")
    }
    let id = state.mutate { $0.newID(prefix: "20153") }
    let request = AppRequest(
      id: id, fromID: user.id, recipients: recipients, message: call["message"] ?? "",
      data: call["data"], createdTime: state.now)
    state.mutate { contents in
      contents.surface.requests[id] = request
      contents.surface.requestOrder.append(id)
    }
    var query = QueryItems()
    query.append("request", id)
    for (index, recipient) in recipients.enumerated() { query.append("to[\(index)]", recipient) }
    return .redirect(DialogRedirect.url(redirect, query: query))
  }

  func requestsDialogPage(_ call: GraphCall, user: Node) -> Outcome {
    let e = DialogPage.escape
    let named = (call["to"] ?? "").split(separator: ",").map(String.init)
    var choices = ""
    if named.isEmpty {
      choices = state.world.edge(user.id, "friends").prefix(Self.dialogPeopleShown).map { id in
        let name = state.world.nodes[id]?.string("name") ?? id
        return "<li><label><input type=\"checkbox\" name=\"recipient\" value=\"\(e(id))\"> "
          + "\(e(name))</label></li>"
      }.joined(separator: "\n")
    } else {
      choices = named.map { id in
        "<li>\(e(state.world.nodes[id]?.string("name") ?? id))</li>"
      }.joined(separator: "\n")
    }
    let body = """
      <h1>\(e(call["title"] ?? "Send a request"))</h1>
      <form method="post" action="\(e(call.versionPrefix))/dialog/apprequests">
      \(DialogPage.hidden(call, ["app_id", "client_id", "access_token", "message", "to", "filters", "data", "title", "redirect_uri", "display"]))
      <p id="message">\(e(call["message"] ?? ""))</p>
      <p>To:</p>
      <ul id="recipients">
      \(choices)
      </ul>
      \(DialogPage.buttons(approve: "Send"))
      </form>
      """
    return DialogPage(title: call["title"] ?? "Send a request", body: body).outcome
  }
}
