import GraphJSON

extension Session {
  /// The text a variable stands for: the string itself for a JSON string, the compact JSON
  /// text for anything else.
  /// - Throws: `.noHistory`, `.noExchange(n)` or `.unresolvedVariable` when the path finds
  ///   nothing.
  func value(of variable: Variable) throws(ExplorerError) -> String {
    let exchange = try exchange(variable.exchange)
    guard let json = exchange.json, let value = Self.walk(json, path: variable.path) else {
      throw .unresolvedVariable(variable.description)
    }
    return value.stringValue ?? value.compactText
  }

  /// The value at `path` (`.data[0].id`, `[-1]`; empty for the whole value) in `value`.
  static func walk(_ value: JSONValue, path: String) -> JSONValue? {
    guard let parsed = try? JSONPath(parsing: path) else { return nil }
    return parsed.evaluate(on: value)
  }
}
