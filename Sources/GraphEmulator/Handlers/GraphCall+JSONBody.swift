import GraphAPI
import GraphJSON

extension GraphCall {
  /// The parameters of a JSON request body (`Content-Type: application/json`), which Graph
  /// reads as it reads a form: each member of the top-level object is a parameter, a string as
  /// its text, a number or boolean as written, an object or array as its compact JSON (what a
  /// form would carry for `batch` or `attachment`); `null` is no parameter. An empty body is
  /// no parameters; anything else that is not an object is (#100).
  /// https://developers.facebook.com/docs/graph-api/guides/requests **[choice]** the message
  static func jsonParameters(_ body: [UInt8]) -> Result<QueryItems, GraphError> {
    guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
      return .success(QueryItems())
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(body)
    } catch {
      return .failure(.parameter("Invalid JSON body: \(error)"))
    }
    guard case .object(let object) = value else {
      return .failure(.parameter("Invalid JSON body: the body must be a JSON object"))
    }
    var items = QueryItems()
    for member in object.members {
      switch member.value {
      case .null: continue
      case .string(let text): items.append(member.key, text)
      case .bool(let flag): items.append(member.key, flag ? "true" : "false")
      case .number(let number): items.append(member.key, number.text)
      case .array, .object: items.append(member.key, member.value.compactText)
      }
    }
    return .success(items)
  }
}
