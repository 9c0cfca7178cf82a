/// Routes arranged as a trie of path components, as Vapor's `TrieRouter` arranges them: the
/// match is the most specific route, not the first written. At each component a literal child
/// is tried before the parameter child, and that before a rest (`**`) route; a route whose
/// method or condition does not take the call leaves the search to the next most specific.
struct RouteTable: Sendable {
  /// A trie node: children by literal, the parameter child, and the routes that end here or
  /// take the rest of the path from here (indices into `routes`, in the order tried).
  private struct Node: Sendable {
    var literals: [String: Int] = [:]
    var parameter: Int?
    var ending: [Int] = []
    var rest: [Int] = []
  }

  /// Node 0 is the root.
  private var nodes = [Node()]
  /// The routes as written.
  let routes: [Route]

  init(_ routes: [Route]) {
    self.routes = routes
    for (index, route) in routes.enumerated() {
      var node = 0
      for segment in route.pattern {
        switch segment {
        case .literal(let text):
          node = child(of: node, existing: nodes[node].literals[text]) {
            $0.literals[text] = $1
          }
        case .parameter:
          node = child(of: node, existing: nodes[node].parameter) { $0.parameter = $1 }
        case .rest:
          break
        }
      }
      let order = { (lhs: Int, rhs: Int) in Route.isTriedBefore(routes[lhs], routes[rhs]) }
      if route.pattern.last == .rest {
        nodes[node].rest.append(index)
        nodes[node].rest.sort(by: order)
      } else {
        nodes[node].ending.append(index)
        nodes[node].ending.sort(by: order)
      }
    }
  }

  private mutating func child(
    of node: Int, existing: Int?, link: (inout Node, Int) -> Void
  ) -> Int {
    if let existing { return existing }
    nodes.append(Node())
    link(&nodes[node], nodes.count - 1)
    return nodes.count - 1
  }

  /// The most specific route that takes `call`, `nil` when none does.
  func match(_ call: GraphCall, in state: EmulatorState) -> Route? {
    search(0, call.path[...], call, state)
  }

  /// Depth-first, most specific first; as deep as the trie (a few components), whatever the
  /// path's length.
  private func search(
    _ index: Int, _ path: ArraySlice<String>, _ call: GraphCall, _ state: EmulatorState
  ) -> Route? {
    // The node's fields are read in place: a copy of the node (a dictionary and two lists)
    // at each component had been 5% of an emulator read.
    guard let component = path.first else { return first(of: nodes[index].ending, call, state) }
    let remaining = path.dropFirst()
    if let child = nodes[index].literals[component],
      let route = search(child, remaining, call, state)
    {
      return route
    }
    if let child = nodes[index].parameter, let route = search(child, remaining, call, state) {
      return route
    }
    return first(of: nodes[index].rest, call, state)
  }

  private func first(of candidates: [Int], _ call: GraphCall, _ state: EmulatorState) -> Route? {
    for candidate in candidates where routes[candidate].accepts(call, in: state) {
      return routes[candidate]
    }
    return nil
  }
}
