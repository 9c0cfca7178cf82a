import GraphAPI
import GraphJSON

/// `POST /` with `batch=[...]` (reference, "Batch requests"): up to 50 operations, `name`,
/// `depends_on`, `{result=name:$.path}` references, `omit_response_on_success`,
/// `include_headers=false`, `attached_files`.
extension Router {
  static let batchLimit = 50

  mutating func batch(_ call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    guard let text = call["batch"], let parsed = try? JSONParser.parse(text),
      let operations = parsed.arrayValue
    else { throw .parameter("batch parameter must be a JSON array") }
    guard operations.count <= Self.batchLimit else {
      throw GraphError.oauth(
        "(#1) Too many requests in batch message. Maximum batch size is \(Self.batchLimit)",
        code: 1)
    }
    let includeHeaders = call["include_headers"].map { $0 != "false" && $0 != "0" } ?? true
    var names: [String: Int] = [:]
    for (index, op) in operations.enumerated() {
      if let name = op["name"]?.stringValue { names[name] = index }
    }
    // A reference (or `depends_on`) to a name no operation has fails the whole batch.
    for op in operations {
      var used = BatchReference.names(in: Self.text(of: op))
      if let dependsOn = op["depends_on"]?.stringValue { used.append(dependsOn) }
      for name in used where names[name] == nil {
        throw .parameter("Batch reference to an unknown request name: \(name)")
      }
    }
    var bodies: [Int: JSONValue] = [:]
    var failed: Set<Int> = []
    var referenced: Set<Int> = []
    var items: [JSONValue] = []
    var answered = 0
    for (index, op) in operations.enumerated() {
      var parents = BatchReference.names(in: Self.text(of: op)).compactMap { names[$0] }
      if let dependsOn = op["depends_on"]?.stringValue, let parent = names[dependsOn] {
        parents.append(parent)
      }
      // A parent named by a reference or by `depends_on` is left out of the answer unless it
      // asks otherwise (batch requests guide, "Specifying dependencies between operations").
      referenced.formUnion(parents)
      if parents.contains(where: { failed.contains($0) || bodies[$0] == nil }) {
        failed.insert(index)
        items.append(.null)
        continue
      }
      let resolve = { (name: String) in names[name].flatMap { bodies[$0] } }
      let response = runOperation(op, call: call, resolve: resolve, sequence: index)
      // The batch's answers together stay within their budget, as each answer does alone.
      answered += response.body.count
      if answered > AnswerBudget.perBatch { throw AnswerBudget.tooLarge }
      if response.status == 200, let body = try? JSONParser.parse(response.body) {
        bodies[index] = body
      } else {
        failed.insert(index)
      }
      items.append(Self.item(response, includeHeaders: includeHeaders))
    }
    for index in referenced where !failed.contains(index) {
      if operations[index]["omit_response_on_success"]?.boolValue != false { items[index] = .null }
    }
    return .json(.array(items))
  }

  private static func text(of op: JSONValue) -> String {
    (op["relative_url"]?.stringValue ?? "") + " " + (op["body"]?.stringValue ?? "")
  }

  /// Runs one operation as its own call, with the batch's token unless it carries one.
  private mutating func runOperation(
    _ op: JSONValue, call: GraphCall, resolve: (String) -> JSONValue?, sequence: Int
  ) -> HTTPResponse {
    let method = op["method"]?.stringValue?.uppercased() ?? "GET"
    var relative = BatchReference.substitute(op["relative_url"]?.stringValue ?? "", resolve)
    if relative.hasPrefix("/") { relative.removeFirst() }
    let body = BatchReference.substitute(op["body"]?.stringValue ?? "", resolve)
    let request = HTTPRequest(
      method: method, url: "\(call.origin)\(call.versionPrefix)/\(relative)",
      headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8))
    var sub = GraphCall(request: request, defaultVersion: state.world.app.defaultVersion)
    if sub.token == nil, let token = call.token {
      sub.token = token
      sub.params.append("access_token", token)
    }
    if let attached = op["attached_files"]?.stringValue {
      let parts = attached.split(separator: ",").map { String($0).trimmingSpaces }
      if let first = parts.first, let file = call.files[first] { sub.files["source"] = file }
    }
    var outcome: Outcome
    do throws(GraphError) {
      outcome = try route(sub)
    } catch {
      outcome = .failure(error)
    }
    if case .json(let value) = outcome, AnswerBudget.exceeds(value, AnswerBudget.perAnswer) {
      outcome = .failure(AnswerBudget.tooLarge)
    }
    let trace = ResponseFactory.traceID(sequence: state.requests * 64 + sequence)
    let factory = ResponseFactory(
      version: sub.version, traceID: trace, appUsage: 0, suppressHTTPCode: false)
    return factory.response(outcome)
  }

  /// `{"code","headers":[{"name","value"}],"body":"<JSON text>"}`.
  private static func item(_ response: HTTPResponse, includeHeaders: Bool) -> JSONValue {
    var out = JSONObject()
    out.append("code", .number(JSONNumber(response.status)))
    if includeHeaders {
      out.append(
        "headers",
        .array(response.headers.map { ["name": .string($0.name), "value": .string($0.value)] }))
    }
    out.append("body", response.body.isEmpty ? .null : .string(response.bodyText))
    return .object(out)
  }
}
