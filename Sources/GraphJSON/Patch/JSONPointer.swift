/// A JSON Pointer (RFC 6901): a path of reference tokens such as `/data/0/name`, where `~1`
/// stands for `/` and `~0` for `~` inside a token. The empty pointer `""` is the whole document.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens, outermost first.
  public var tokens: [String]

  /// A pointer from unescaped tokens.
  public init(tokens: [String] = []) { self.tokens = tokens }

  /// Parses the text form, e.g. `/a~1b/0`.
  ///
  /// - Throws: `JSONPatchError.invalidPointer` when the text does not start with `/` (and is not
  ///   empty) or holds a `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPatchError) {
    if text.isEmpty {
      self.tokens = []
      return
    }
    guard text.hasPrefix("/") else {
      throw .invalidPointer(text, reason: "a JSON Pointer must be empty or start with '/'")
    }
    var tokens: [String] = []
    for raw in text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst()
    {
      guard let token = Self.unescape(raw) else {
        throw .invalidPointer(text, reason: "'~' must be followed by '0' or '1'")
      }
      tokens.append(token)
    }
    self.tokens = tokens
  }

  /// The text form, with `~` and `/` escaped.
  public var description: String {
    var text = ""
    for token in tokens {
      text += "/"
      text += Self.escape(token)
    }
    return text
  }

  /// Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`.
  public static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
    else { return token }
    return token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
  }

  /// The pointer one token longer.
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// The pointer to the parent, or `nil` for the whole document.
  public var parent: JSONPointer? {
    tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The value this pointer refers to in `document`, or `nil` when there is none.
  ///
  /// - Complexity: O(depth) plus the member lookups.
  public func evaluate(in document: JSONValue) -> JSONValue? {
    try? resolve(in: document)
  }

  /// The value this pointer refers to, or a one-line reason why there is none.
  func resolve(in document: JSONValue) throws(PointerFailure) -> JSONValue {
    var current = document
    for (depth, token) in tokens.enumerated() {
      current = try Self.child(of: current, token: token, at: prefix(depth))
    }
    return current
  }

  /// The pointer made of the first `count` tokens, as text.
  func prefix(_ count: Int) -> String {
    JSONPointer(tokens: Array(tokens.prefix(count))).description
  }

  /// The child of `value` named by `token`; `location` names `value` in messages.
  static func child(of value: JSONValue, token: String, at location: String) throws(PointerFailure)
    -> JSONValue
  {
    switch value {
    case .object(let object):
      guard let child = object[token] else {
        throw PointerFailure(
          "no member \(JSONValue.string(token).compactText) in the object at \(where_(location))")
      }
      return child
    case .array(let items):
      let index = try arrayIndex(token, count: items.count, allowEnd: false, at: location)
      return items[index]
    default:
      throw PointerFailure("\(where_(location)) is a \(value.kindName), not an object or array")
    }
  }

  /// The array index a token names: `0` or digits without a leading zero, below `count`
  /// (or equal to it, or `-`, when `allowEnd`).
  static func arrayIndex(_ token: String, count: Int, allowEnd: Bool, at location: String)
    throws(PointerFailure) -> Int
  {
    if token == "-" {
      if allowEnd { return count }
      throw PointerFailure(
        "'-' (past the end) names no element of the array at \(where_(location))")
    }
    let bytes = Array(token.utf8)
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      bytes.count == 1 || bytes[0] != 48
    else {
      throw PointerFailure(
        "\(JSONValue.string(token).compactText) is not an array index (digits without leading zeros) at \(where_(location))"
      )
    }
    guard let index = Int(token), index < count || (allowEnd && index == count) else {
      throw PointerFailure(
        "no index \(token) in the array at \(where_(location)) (it has \(count) elements)")
    }
    return index
  }

  static func where_(_ location: String) -> String { location.isEmpty ? "the root" : location }

  private static func unescape(_ raw: Substring.UTF8View) -> String? {
    guard raw.contains(UInt8(ascii: "~")) else { return String(Substring(raw)) }
    var bytes: [UInt8] = []
    var iterator = raw.makeIterator()
    while let b = iterator.next() {
      if b == UInt8(ascii: "~") {
        switch iterator.next() {
        case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
        default: return nil
        }
      } else {
        bytes.append(b)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Why a pointer found nothing: a one-line message naming the place.
struct PointerFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension String {
  /// Every occurrence of `target` replaced, without Foundation (shared by every module).
  package func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
