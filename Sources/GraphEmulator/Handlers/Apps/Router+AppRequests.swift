import GraphAPI
import GraphJSON

/// App requests sent through `/dialog/apprequests`: `GET <user>/apprequests` lists a
/// recipient's, `GET <request-id>` (or `<request-id>_<user-id>`) reads one, `DELETE` removes it
/// for the recipient (facebook-sdk's `delete_request`).
extension Router {
  mutating func listAppRequests(_ call: GraphCall) throws(GraphError) -> Outcome {
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    try checkProof(call, viewer: viewer)
    let owner = try resolveNode(call.path[0], call: call, viewer: viewer)
    guard viewer.userID == owner.id || viewer.isApp else {
      throw .permissionError(
        "(#200) The user hasn't authorized the application to perform this action")
    }
    let data: [JSONValue] = state.surface.requestOrder.reversed().compactMap { id in
      guard let request = state.surface.requests[id], request.recipients.contains(owner.id)
      else { return nil }
      return requestObject(request, recipient: owner.id)
    }
    return .json(["data": .array(data)])
  }

  /// `GET|DELETE <request-id>[_<user-id>]` (the route's condition: the id is a request's).
  mutating func appRequestOperation(_ call: GraphCall) throws(GraphError) -> Outcome {
    let head = call.path[0]
    let parts = head.split(separator: "_").map(String.init)
    guard let request = state.surface.requests[parts[0]] else {
      throw .unsupported(call.method, id: head)
    }
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    try checkProof(call, viewer: viewer)
    guard viewer.hasToken else { throw .tokenRequired }
    let recipient = parts.count == 2 ? parts[1] : viewer.userID
    let allowed =
      viewer.isApp || viewer.userID == request.fromID
      || (recipient != nil && viewer.userID == recipient)
    guard allowed, recipient.map({ request.recipients.contains($0) }) ?? viewer.isApp else {
      throw .unsupported(call.method, id: head)
    }
    switch call.verb {
    case .get?:
      return .json(requestObject(request, recipient: recipient ?? request.recipients[0]))
    case .delete?:
      var changed = request
      if let recipient {
        changed.recipients.removeAll { $0 == recipient }
      } else {
        changed.recipients = []
      }
      state.mutate { contents in
        if changed.recipients.isEmpty {
          contents.surface.requests[request.id] = nil
          contents.surface.requestOrder.removeAll { $0 == request.id }
        } else {
          contents.surface.requests[request.id] = changed
        }
      }
      return deleted(call)
    default:
      throw .unsupported(call.method, id: head)
    }
  }

  func requestObject(_ request: AppRequest, recipient: String) -> JSONValue {
    var object = JSONObject()
    object.append("id", .string("\(request.id)_\(recipient)"))
    object.append("application", application)
    if let to = state.world.nodes[recipient] { object.append("to", reference(to)) }
    if let from = state.world.nodes[request.fromID] { object.append("from", reference(from)) }
    object.append("message", .string(request.message))
    if let data = request.data { object.append("data", .string(data)) }
    object.append("created_time", .string(GraphClock.iso(request.createdTime)))
    return .object(object)
  }
}
