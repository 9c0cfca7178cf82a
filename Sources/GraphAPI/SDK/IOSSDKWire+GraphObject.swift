import GraphJSON

extension IOSSDKWire {
  /// FBRequestConnection.m `processGraphObject:forPath:withAction:` and
  /// `processGraphObjectPropertyKey:value:action:passByValue:`: a nested graph object is sent
  /// by reference (its `id`, else its `url`), except the `image` of an Open Graph action posted
  /// to `me/namespace:action`, sent by value as `image[url]=...`; arrays become `key[0]`,
  /// `key[1]`, ...; strings and numbers as they are (a boolean is an `NSNumber`: `1` or `0`).
  public static func graphObjectFields(_ object: JSONObject, path: String) -> [(
    key: String, value: String
  )] {
    var isOGAction = false
    if path.hasPrefix("me/") || path.hasPrefix("/me/") {
      let colon = path.firstIndex(of: ":").map { path.distance(from: path.startIndex, to: $0) }
      let question = path.firstIndex(of: "?").map { path.distance(from: path.startIndex, to: $0) }
      if let colon, colon > 3, question.map({ colon < $0 }) ?? true { isOGAction = true }
    }
    var out: [(key: String, value: String)] = []
    for member in object.members {
      property(
        member.key, member.value, passByValue: isOGAction && member.key == "image", into: &out)
    }
    return out
  }

  private static func property(
    _ key: String, _ value: JSONValue, passByValue: Bool,
    into out: inout [(key: String, value: String)],
    depth: Int = 0
  ) {
    guard depth < 64 else { return }
    switch value {
    case .object(let object):
      if passByValue {
        for member in object.members {
          property(
            "\(key)[\(member.key)]", member.value, passByValue: false, into: &out, depth: depth + 1)
        }
      } else if let id = object["id"], let text = scalarText(id) {
        out.append((key, text))
      } else if let url = object["url"], let text = scalarText(url) {
        out.append((key, text))
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        property("\(key)[\(index)]", item, passByValue: passByValue, into: &out, depth: depth + 1)
      }
    case .string, .number, .bool:
      if let text = scalarText(value) { out.append((key, text)) }
    case .null:
      break
    }
  }

  private static func scalarText(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): return text
    case .number(let number): return number.text
    case .bool(let flag): return flag ? "1" : "0"
    default: return nil
    }
  }
}
