extension JSONPath {
  /// The path one step longer.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The path without its last step (the root's parent is the root).
  public var parent: JSONPath { JSONPath(Array(components.dropLast())) }

  /// The same location as a JSON Pointer.
  public var pointer: JSONPointer {
    JSONPointer(
      tokens: components.map {
        switch $0 {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
      })
  }
}
