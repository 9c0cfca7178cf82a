/// Where a set of path patterns stand while a document is walked: for each pattern, the set of
/// step positions reached so far (a small NFA; `**` may match zero or more steps).
struct PatternStates {
  let patterns: [JSONPathPattern]
  /// Per pattern, the reached positions as bits (position `steps.count` means "matched").
  private var positions: [UInt64]

  init(patterns: [JSONPathPattern]) {
    self.patterns = patterns
    self.positions = patterns.map { Self.closure(1, $0) }
  }

  private init(patterns: [JSONPathPattern], positions: [UInt64]) {
    self.patterns = patterns
    self.positions = positions
  }

  /// Whether no pattern can match any longer path.
  var isEmpty: Bool { positions.allSatisfy { $0 == 0 } }

  /// Whether some pattern matches the path walked so far.
  var accepts: Bool {
    for (p, bits) in positions.enumerated()
    where bits & (1 << UInt64(patterns[p].steps.count)) != 0 {
      return true
    }
    return false
  }

  /// The states after one more path component.
  func step(_ component: JSONPath.Component) -> PatternStates {
    var next = positions
    for (p, pattern) in patterns.enumerated() {
      let bits = positions[p]
      var result: UInt64 = 0
      for s in 0..<pattern.steps.count where bits & (1 << UInt64(s)) != 0 {
        guard pattern.step(s, matches: component) else { continue }
        if case .anyDepth = pattern.steps[s] { result |= 1 << UInt64(s) }
        result |= 1 << UInt64(s + 1)
      }
      next[p] = Self.closure(result, pattern)
    }
    return PatternStates(patterns: patterns, positions: next)
  }

  /// Adds the positions reachable by letting `**` match nothing.
  private static func closure(_ bits: UInt64, _ pattern: JSONPathPattern) -> UInt64 {
    var bits = bits
    for s in 0..<pattern.steps.count where bits & (1 << UInt64(s)) != 0 {
      if case .anyDepth = pattern.steps[s] { bits |= 1 << UInt64(s + 1) }
    }
    return bits
  }
}

extension PatternStates {
  /// `value` with every matched part left out: matched object members are removed and
  /// matched array elements become `null` (so indices stay put). `nil` when the whole value
  /// is matched.
  ///
  /// - Complexity: O(size of the parts some pattern can still reach).
  func strip(_ value: JSONValue) -> JSONValue? {
    if accepts { return nil }
    if isEmpty { return value }
    switch value {
    case .object(let object):
      var result = JSONObject()
      result.members.reserveCapacity(object.members.count)
      for member in object.members {
        if let kept = step(.key(member.key)).strip(member.value) {
          result.append(member.key, kept)
        }
      }
      return .object(result)
    case .array(let items):
      var result: [JSONValue] = []
      result.reserveCapacity(items.count)
      for (i, item) in items.enumerated() {
        result.append(step(.index(i)).strip(item) ?? .null)
      }
      return .array(result)
    default:
      return value
    }
  }
}
