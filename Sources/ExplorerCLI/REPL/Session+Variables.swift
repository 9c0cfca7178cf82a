import GraphJSON

extension Session {
  /// The text a variable stands for: the string itself for a JSON string, the compact JSON
  /// text for anything else.
  /// - Throws: `.noHistory`, `.noExchange(n)` or `.unresolvedVariable` when the path finds
  ///   nothing.
  func value(of variable: Variable) throws(ExplorerError) -> String {
    let value = try jsonValue(of: variable)
    return value.stringValue ?? value.compactText
  }

  /// The JSON value a variable stands for: in an exchange's body, or in a named variable.
  /// - Throws: `.noHistory`, `.noExchange(n)`, `.unknownVariable` or `.unresolvedVariable`.
  func jsonValue(of variable: Variable) throws(ExplorerError) -> JSONValue {
    let root: JSONValue?
    switch variable.source {
    case .exchange(let reference): root = try exchange(reference).json
    case .named(let name):
      guard let named = variables[name] else {
        throw .unknownVariable(name, known: variables.names)
      }
      root = named.value
    }
    guard let root, let value = Self.walk(root, path: variable.path) else {
      throw .unresolvedVariable(variable.description)
    }
    return value
  }

  /// The value at `path` (`.data[0].id`, `[-1]`; empty for the whole value) in `value`.
  static func walk(_ value: JSONValue, path: String) -> JSONValue? {
    guard let parsed = try? JSONPath(parsing: path) else { return nil }
    return parsed.evaluate(on: value)
  }
}
