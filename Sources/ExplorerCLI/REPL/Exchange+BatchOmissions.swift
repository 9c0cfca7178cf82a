import GraphAPI
import GraphJSON

extension Exchange {
  /// The operations of the batch this exchange sent whose answers Graph leaves out when they
  /// succeed: those with `omit_response_on_success` true, and those without it that a later
  /// operation's `{result=NAME:...}` uses (Graph's default for a referenced operation).
  var batchOperationsLeftOut: Set<Int> {
    let operations = batchOperations
    let texts = operations.map { $0.compactText }
    var out: Set<Int> = []
    for (index, operation) in operations.enumerated() {
      let flag = operation["omit_response_on_success"]
      let omit = flag?.boolValue ?? flag?.stringValue.map { $0 == "true" || $0 == "1" }
      if omit == true {
        out.insert(index)
      } else if omit == nil, let name = operation["name"]?.stringValue,
        texts.dropFirst(index + 1).contains(where: { $0.contains("{result=\(name):") })
      {
        out.insert(index)
      }
    }
    return out
  }

  /// The operations of the batch this exchange sent (empty when it sent none), as Graph reads
  /// the body: a form, or multipart when the batch attaches files.
  var batchOperations: [JSONValue] {
    guard let text = (try? GraphRequest(parsing: request))?.parameters["batch"],
      let batch = try? JSONParser.parse(Array(text.utf8))
    else { return [] }
    return batch.arrayValue ?? []
  }

  /// Each batch operation's method (GET when it names none, as Graph reads it).
  var batchOperationMethods: [GraphMethod?] {
    batchOperations.map { GraphMethod(name: $0["method"]?.stringValue ?? "GET") }
  }
}
