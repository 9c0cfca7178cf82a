import GraphAPI
import GraphJSON

/// `GET <app-id>/accounts` (or `/accounts/test-users`) with the app token: the app's test users
/// a page at a time, as an edge pages (reference, "Paging"; 25 by default, cursors, `next` while
/// more follow), as a public recording of Koala's suite shows (v2.8: 25 test users, then
/// `after=` the last one's cursor).
extension Router {
  func testUserPage(_ call: GraphCall) throws(GraphError) -> Outcome {
    let users = state.surface.testUsers
    let pager = EdgePager(parameters: { call[$0] }, cap: 5000)
    let window = try pager.window(EdgeList(users.map(\.id))) { _ in nil }
    var data: [JSONValue] = []
    data.reserveCapacity(window.indices.count)
    for index in window.indices {
      let user = users[index]
      var object = JSONObject()
      object.append("id", .string(user.id))
      object.append("login_url", .string(loginURL(user.id, call: call)))
      if let token = user.accessToken { object.append("access_token", .string(token)) }
      data.append(.object(object))
    }
    var out = JSONObject()
    out.append("data", .array(data))
    guard let first = window.indices.first, let last = window.indices.last else {
      return .json(.object(out))
    }
    let before = EdgePager.cursor(id: users[first].id, index: first)
    let after = EdgePager.cursor(id: users[last].id, index: last)
    var paging = JSONObject()
    paging.append("cursors", ["before": .string(before), "after": .string(after)])
    let urls = PagingURL(call: call)
    let path = call.path.joined(separator: "/")
    func link(_ name: String, _ cursor: String) -> JSONValue {
      .string(
        urls.url(
          path: path, kept: call.params, limit: pager.limit,
          extra: QueryItems([.init(name: name, value: cursor)])))
    }
    if window.hasPrevious { paging.append("previous", link("before", before)) }
    // A recorded last page named a next one for test users never listed
    // (`RecordedPaging.continued`).
    let continued =
      last == users.count - 1
      && state.world.paging.continued[state.world.app.id]?.contains("accounts") == true
    if window.hasNext || continued { paging.append("next", link("after", after)) }
    out.append("paging", .object(paging))
    return .json(.object(out))
  }
}

extension TestUser {
  /// A test user a world declares the app has at start (its email and password unknown: a
  /// listing shows neither).
  init(declared user: AppTestUser) {
    self.init(
      id: user.id, accessToken: user.accessToken, email: user.email ?? "",
      password: user.password ?? "")
  }
}
