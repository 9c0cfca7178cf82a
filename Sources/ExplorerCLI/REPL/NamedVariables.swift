import GraphCassette
import GraphJSON

/// The variables `let` set: `let pid = $last.id` keeps the value (a JSON string, number, object
/// or array, as the answer had it), and `$pid`, `$page.access_token` read it wherever a value
/// is typed. A variable that holds a secret (a token, by the field it came from, by its name or
/// by its shape) is shown masked and kept out of the history file and of text written out.
struct NamedVariables: Sendable {
  /// One variable.
  struct Entry: Sendable {
    var name: String
    var value: JSONValue
    /// The secret strings the value holds (all of it for a token; an object's `access_token`).
    var secrets: [String]
  }

  /// The variables in the order they were first set.
  private(set) var entries: [Entry] = []

  /// The names, in order.
  var names: [String] { entries.map(\.name) }

  /// Every secret string the variables hold.
  var secrets: [String] { entries.flatMap(\.secrets) }

  subscript(name: String) -> Entry? { entries.first { $0.name == name } }

  /// Sets `name` to `value`; `from` is the variable it was read from (`$last.data[0].access_token`),
  /// whose last key may say it is a secret. Public values (the emulator's published test
  /// tokens) are no secrets.
  mutating func set(
    _ name: String, to value: JSONValue, from source: Variable?, publicValues: Set<String>
  ) {
    let key = source.flatMap { Self.lastKey(of: $0.path) } ?? ""
    let secretName = Self.isSecretName(name) || Self.isSecretName(key)
    let secrets = Self.secrets(in: value, secretName: secretName).filter {
      !publicValues.contains($0)
    }
    let entry = Entry(name: name, value: value, secrets: secrets)
    if let index = entries.firstIndex(where: { $0.name == name }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }

  /// Whether a name (a variable's, or the key its value was read from) says a secret:
  /// `access_token`, `token`, `page_token`, `appsecret_proof`, `client_secret`, `code`.
  static func isSecretName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return Redaction.secretNames.contains(lower) || lower.contains("token")
      || lower.contains("secret")
  }

  /// The secret strings of `value`: all of a string under a secret name or that cassette
  /// redaction takes for one by its shape; inside objects and arrays, the values under secret
  /// keys and those of secret shape.
  static func secrets(in value: JSONValue, secretName: Bool) -> [String] {
    if let text = value.stringValue {
      guard !text.isEmpty else { return [] }
      return secretName || Redaction.redactParameters(text) != text ? [text] : []
    }
    if let object = value.objectValue {
      return object.keys.flatMap { key in
        object[key].map { secrets(in: $0, secretName: secretName || isSecretName(key)) } ?? []
      }
    }
    return (value.arrayValue ?? []).flatMap { secrets(in: $0, secretName: secretName) }
  }

  /// `access_token` for `.data[0].access_token`; `nil` when the path ends in an index.
  private static func lastKey(of path: String) -> String? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("[") else { return nil }
    return String(path[path.index(after: dot)...])
  }
}
