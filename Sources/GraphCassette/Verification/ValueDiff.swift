import GraphJSON

/// One difference between a recorded JSON value and the one received.
public struct ValueDifference: Sendable, Hashable, CustomStringConvertible {
  /// Where it is (`data[0].name`; `.` for the whole value).
  public var path: ValuePath
  /// The recorded value, `nil` when the received value has a member the recording lacks.
  public var recorded: JSONValue?
  /// The received value, `nil` when a recorded member is missing.
  public var actual: JSONValue?

  public var description: String {
    switch (recorded, actual) {
    case (let r?, nil): return "\(path): missing (recorded \(Self.short(r)))"
    case (nil, let a?): return "\(path): added \(Self.short(a))"
    case (let r?, let a?): return "\(path): \(Self.short(a)), recorded \(Self.short(r))"
    case (nil, nil): return "\(path)"
    }
  }

  static func short(_ value: JSONValue) -> String {
    let text = value.compactText
    return text.count > 80 ? String(text.prefix(77)) + "..." : text
  }
}

/// A small structural diff of two JSON values: objects by key (order ignored), arrays by
/// position, numbers by value.
enum ValueDiff {
  /// The differences, skipping any path one of `ignoring` covers.
  static func differences(recorded: JSONValue, actual: JSONValue, ignoring: [ValuePath])
    -> [ValueDifference]
  {
    var out: [ValueDifference] = []
    walk(recorded, actual, path: [], ignoring: ignoring, into: &out)
    return out
  }

  private static func walk(
    _ r: JSONValue, _ a: JSONValue, path: [ValuePath.Component], ignoring: [ValuePath],
    into out: inout [ValueDifference]
  ) {
    if ignoring.contains(where: { $0.covers(path) }) { return }
    switch (r, a) {
    case (.object(let ro), .object(let ao)):
      var seen = Set<String>()
      for member in ro.members where seen.insert(member.key).inserted {
        let p = path + [.key(member.key)]
        if let other = ao[member.key] {
          walk(ro[member.key] ?? member.value, other, path: p, ignoring: ignoring, into: &out)
        } else if !ignoring.contains(where: { $0.covers(p) }) {
          out.append(ValueDifference(path: ValuePath(p), recorded: member.value, actual: nil))
        }
      }
      for member in ao.members where seen.insert(member.key).inserted {
        let p = path + [.key(member.key)]
        if !ignoring.contains(where: { $0.covers(p) }) {
          out.append(ValueDifference(path: ValuePath(p), recorded: nil, actual: member.value))
        }
      }
    case (.array(let ra), .array(let aa)):
      for i in 0..<max(ra.count, aa.count) {
        let p = path + [.index(i)]
        if i < ra.count, i < aa.count {
          walk(ra[i], aa[i], path: p, ignoring: ignoring, into: &out)
        } else if !ignoring.contains(where: { $0.covers(p) }) {
          out.append(
            ValueDifference(
              path: ValuePath(p), recorded: i < ra.count ? ra[i] : nil,
              actual: i < aa.count ? aa[i] : nil))
        }
      }
    default:
      if r != a { out.append(ValueDifference(path: ValuePath(path), recorded: r, actual: a)) }
    }
  }
}
