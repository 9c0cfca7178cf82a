import GraphAPI
import GraphJSON

extension SessionFollower {
  /// Keys whose text a write mints for the object it makes when the write does not name it:
  /// a test user's `name` (and its parts), `email` and `password`, which Graph draws for each
  /// user and the emulator numbers by how many test users the app has. **[choice]**: these
  /// keys, declared here; any other text that differs is drift.
  static let mintedTextKeys: [String: Set<String>] = [
    "name": ["name"], "first_name": ["name", "first_name"], "last_name": ["name", "last_name"],
    "email": ["email"], "password": ["password"],
  ]

  /// Learns the texts of an object the session minted: where the recorded object's `id` is
  /// one a write minted and the target's object is the one the target minted at that step,
  /// each of `mintedTextKeys` that differs, and that the minting write did not send, is
  /// learned (the first answer that shows it fixes it: later answers must agree).
  mutating func learnTexts(_ recorded: JSONObject, _ actual: JSONObject, number: Int) {
    guard let rid = recorded["id"]?.stringValue, let aid = actual["id"]?.stringValue,
      rid != aid, values[rid] == aid, let sent = mintedWith[rid]
    else { return }
    for member in recorded.members {
      guard let named = Self.mintedTextKeys[member.key], sent.isDisjoint(with: named),
        let old = member.value.stringValue, !old.isEmpty, texts[old] == nil,
        let new = actual[member.key]?.stringValue, new != old
      else { continue }
      texts[old] = new
      learnedAt[old] = number
    }
  }

  /// `value` with every string a minted text was learned for written as the target's.
  func replacingTexts(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text): return texts[text].map(JSONValue.string) ?? value
    case .array(let items): return .array(items.map(replacingTexts))
    case .object(let object):
      return .object(
        JSONObject(object.members.map { .init(key: $0.key, value: replacingTexts($0.value)) }))
    default: return value
    }
  }

  /// `text` with each occurrence of `old` that is not part of a longer word (`User 3`, never
  /// the start of `User 31`) replaced by `new`.
  static func replacingWhole(_ old: String, with new: String, in text: String) -> String {
    let bytes = Array(text.utf8)
    let needle = Array(old.utf8)
    guard !needle.isEmpty else { return text }
    var out: [UInt8] = []
    var copied = 0
    for start in ByteSearch.occurrences(of: needle, in: bytes) where start >= copied {
      let end = start + needle.count
      let before = start == 0 || !isWordByte(bytes[start - 1]) || !isWordByte(needle[0])
      let after =
        end == bytes.count || !isWordByte(bytes[end]) || !isWordByte(needle[needle.count - 1])
      guard before, after else { continue }
      out += bytes[copied..<start]
      out += Array(new.utf8)
      copied = end
    }
    return String(decoding: out + bytes[copied...], as: UTF8.self)
  }

  /// The names of the parameters `request` sends in its query and form body.
  static func parameterNames(_ request: HTTPRequest) -> Set<String> {
    var names = Set((URLParts(request.url)?.queryItems.items ?? []).map(\.name))
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    if type.hasPrefix("application/x-www-form-urlencoded") {
      names.formUnion(
        QueryItems(parsing: String(decoding: request.body, as: UTF8.self)).items.map(\.name))
    }
    return names
  }
}
