import GraphJSON

extension Session {
  /// The text a variable stands for: the string itself for a JSON string, the compact JSON
  /// text for anything else.
  /// - Throws: `.noHistory`, `.noExchange(n)` or `.unresolvedVariable` when the path finds
  ///   nothing.
  func value(of variable: Variable) throws(ExplorerError) -> String {
    let exchange = try exchange(variable.exchange)
    guard let json = exchange.json,
      let value = Self.walk(json, path: variable.path)
    else { throw .unresolvedVariable(variable.description) }
    return value.stringValue ?? value.compactText
  }

  /// Follows a path of `.name` and `[n]` steps (the forms `Variable.scan` accepts).
  static func walk(_ value: JSONValue, path: String) -> JSONValue? {
    var current = value
    var rest = Substring(path)
    while let step = rest.first {
      if step == "." {
        let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
        guard let next = current[String(name)] else { return nil }
        current = next
        rest = rest.dropFirst(1 + name.count)
      } else if step == "[", let close = rest.firstIndex(of: "]"),
        let index = Int(rest.dropFirst().prefix { $0 != "]" })
      {
        guard let next = current[index] else { return nil }
        current = next
        rest = rest[rest.index(after: close)...]
      } else {
        return nil
      }
    }
    return current
  }
}
