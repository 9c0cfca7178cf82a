/// Structural hashing and equality of JSON values as the diff sees them: objects as key sets
/// (the last of duplicate keys wins), numbers by decimal value (`1.0` equals `1`) unless
/// `exact`, where they compare by text.
///
/// `hash` and `equal` agree: equal values hash alike. Hashing allocates nothing for the
/// integers that make up most of a Graph answer.
struct ValueHasher: Sendable {
  let exact: Bool

  init(exact: Bool) { self.exact = exact }

  /// The structural hash of `value`.
  ///
  /// - Complexity: O(size of `value`).
  func hash(_ value: JSONValue) -> Int {
    var hasher = Hasher()
    switch value {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let b): hasher.combine(b ? 1 as UInt8 : 2)
    case .number(let n):
      hasher.combine(3 as UInt8)
      combine(n, into: &hasher)
    case .string(let s):
      hasher.combine(4 as UInt8)
      hasher.combine(s)
    case .array(let items):
      hasher.combine(5 as UInt8)
      hasher.combine(items.count)
      for item in items { hasher.combine(hash(item)) }
    case .object(let object):
      hasher.combine(6 as UInt8)
      let members = object.members
      var total = 0
      var count = 0
      let last: [String: Int]? =
        members.count > 16
        ? Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { $1 }) : nil
      for (i, member) in members.enumerated() {
        if let last {
          if last[member.key] != i { continue }
        } else if members[(i + 1)...].contains(where: { $0.key == member.key }) {
          continue
        }
        var h = Hasher()
        h.combine(member.key)
        h.combine(hash(member.value))
        total = total &+ h.finalize()
        count += 1
      }
      hasher.combine(count)
      hasher.combine(total)
    }
    return hasher.finalize()
  }

  /// Whether `a` and `b` are equal under these rules.
  ///
  /// - Complexity: O(size of the smaller value) when objects list their keys in the same
  ///   order; objects whose key order differs are compared through a dictionary.
  func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return exact ? x.text == y.text : x == y
    // Byte equality, as JSON means it: Swift's == alone would equate canonically equivalent
    // spellings (precomposed and decomposed accents), which jq and jsonpatch tell apart.
    case (.string(let x), .string(let y)): return x == y && x.utf8.elementsEqual(y.utf8)
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return false }
      for i in x.indices where !equal(x[i], y[i]) { return false }
      return true
    case (.object(let x), .object(let y)):
      let l = x.members
      let r = y.members
      guard l.count == r.count, l.indices.allSatisfy({ l[$0].key == r[$0].key }) else {
        return equalUnordered(x, y)
      }
      // Same keys in the same order: the last occurrences sit at the same positions.
      for i in l.indices where !equal(l[i].value, r[i].value) {
        let key = l[i].key
        if !l[(i + 1)...].contains(where: { $0.key == key }) { return false }
      }
      return true
    default: return false
    }
  }

  private func equalUnordered(_ x: JSONObject, _ y: JSONObject) -> Bool {
    var left: [String: JSONValue] = [:]
    for member in x.members { left[member.key] = member.value }
    var right: [String: JSONValue] = [:]
    for member in y.members { right[member.key] = member.value }
    guard left.count == right.count else { return false }
    for (key, value) in left {
      guard let other = right[key], equal(value, other) else { return false }
    }
    return true
  }

  /// Hashes a number by text when exact, else by its canonical decimal form.
  private func combine(_ number: JSONNumber, into hasher: inout Hasher) {
    var text = number.text
    text.withUTF8 { Self.combineNumber($0, exact: exact, into: &hasher) }
  }

  /// Hashes a number's text: by its bytes when `exact`, else by its canonical decimal form,
  /// without allocating for plain integers (`DocumentComparer` hashes a document's numbers
  /// with it too).
  static func combineNumber(
    _ bytes: UnsafeBufferPointer<UInt8>, exact: Bool, into hasher: inout Hasher
  ) {
    if exact {
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      return
    }
    if combineInteger(bytes, into: &hasher) { return }
    let canonical = JSONNumber(text: String(decoding: bytes, as: UTF8.self)).canonical
    canonical.digits.withUnsafeBufferPointer { digits in
      combineCanonical(
        negative: canonical.negative, digits: digits, exponent: canonical.exponent, into: &hasher)
    }
  }

  /// Hashes an integer's text as `combineCanonical` would its canonical form; `false`, having
  /// hashed nothing, when the text is not a plain integer.
  private static func combineInteger(
    _ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher
  ) -> Bool {
    var start = 0
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      start = 1
    }
    guard start < bytes.count else { return false }
    for i in start..<bytes.count where bytes[i] < 48 || bytes[i] > 57 { return false }
    if bytes[start] == 48 {
      guard bytes.count == start + 1 else { return false }
      combineCanonical(
        negative: false, digits: UnsafeBufferPointer(rebasing: bytes[0..<0]), exponent: 0,
        into: &hasher)
      return true
    }
    var end = bytes.count
    while end > start + 1 && bytes[end - 1] == 48 { end -= 1 }
    combineCanonical(
      negative: negative, digits: UnsafeBufferPointer(rebasing: bytes[start..<end]),
      exponent: bytes.count - start, into: &hasher)
    return true
  }

  private static func combineCanonical(
    negative: Bool, digits: UnsafeBufferPointer<UInt8>, exponent: Int, into hasher: inout Hasher
  ) {
    hasher.combine(negative)
    hasher.combine(exponent)
    hasher.combine(digits.count)
    hasher.combine(bytes: UnsafeRawBufferPointer(digits))
  }
}
