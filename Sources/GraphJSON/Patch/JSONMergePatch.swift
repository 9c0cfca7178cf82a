/// JSON Merge Patch (RFC 7386): a document shaped like the target, where members set the
/// target's members, `null` members delete them, and any non-object replaces the target.
public enum JSONMergePatch {
  /// Applies `patch` to `target` as RFC 7386 section 2 describes.
  ///
  /// - Complexity: O(size of the patch) member lookups.
  public static func apply(_ patch: JSONValue, to target: JSONValue) -> JSONValue {
    guard case .object(let patchObject) = patch else { return patch }
    var result: JSONObject
    if case .object(let object) = target { result = object } else { result = JSONObject() }
    for member in patchObject.members {
      if case .null = member.value {
        result[member.key] = nil
      } else {
        result[member.key] = apply(member.value, to: result[member.key] ?? .null)
      }
    }
    return .object(result)
  }

  /// The merge patch that turns `old` into `new`, compared with `JSONDiff`'s value equality.
  ///
  /// A merge patch cannot set a member to `null` nor edit inside an array; when `new` needs
  /// that, the patch is the closest one can be, and `apply(patch, to: old) != new`. Use
  /// `isExact(_:from:to:)` to check.
  public static func generate(from old: JSONValue, to new: JSONValue, exactNumbers: Bool = false)
    -> JSONValue
  {
    let equality = ValueHasher(exact: exactNumbers)
    return generate(old, new, equality)
  }

  /// Whether applying `patch` to `old` gives exactly `new`.
  public static func isExact(_ patch: JSONValue, from old: JSONValue, to new: JSONValue) -> Bool {
    apply(patch, to: old) == new
  }

  private static func generate(_ old: JSONValue, _ new: JSONValue, _ equality: ValueHasher)
    -> JSONValue
  {
    guard case .object(let newObject) = new, case .object(let oldObject) = old else {
      return new
    }
    var patch = JSONObject()
    for key in oldObject.effectiveKeys where newObject[key] == nil {
      patch.append(key, .null)
    }
    for key in newObject.effectiveKeys {
      let newValue = newObject[key] ?? .null
      if let oldValue = oldObject[key] {
        if !equality.equal(oldValue, newValue) {
          patch.append(key, generate(oldValue, newValue, equality))
        }
      } else {
        patch.append(key, newValue)
      }
    }
    return .object(patch)
  }
}

extension JSONObject {
  /// The distinct keys in order of their last occurrence's position.
  var effectiveKeys: [String] {
    var seen = Set<String>()
    var keys: [String] = []
    for member in members.reversed() where seen.insert(member.key).inserted {
      keys.append(member.key)
    }
    return keys.reversed()
  }
}
