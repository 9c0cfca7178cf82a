import GraphAPI

/// The parameters an emulator read asks of every call, by a fixed key (issue 48): a read asks a
/// dozen of them (the method override, the token, `suppress_http_code`, `fields`, `metadata`,
/// the pager's six, `summary`, `type`, the proof, ...), and asking each by its name compared
/// that name with every parameter the call has. `GraphCall` finds where each key first occurs
/// once, when its parameters are set (`Table`); any other name is still asked by name.
enum CallParameter: Int, CaseIterable, Sendable {
  case method, accessToken, suppressHTTPCode, fields, metadata
  case limit, offset, after, before, since, until
  case summary, type, appsecretProof, q, ids, id, debug, batch, redirect

  /// Each key's name, in the order of the cases.
  static let names = [
    "method", "access_token", "suppress_http_code", "fields", "metadata",
    "limit", "offset", "after", "before", "since", "until",
    "summary", "type", "appsecret_proof", "q", "ids", "id", "debug", "batch", "redirect",
  ]

  /// The parameter's name.
  var name: String { Self.names[rawValue] }

  /// Each key's name as bytes, by `rawValue`'s length (no name is longer than 31 bytes).
  private static let byLength: [[(key: CallParameter, name: [UInt8])]] = {
    var table = [[(key: CallParameter, name: [UInt8])]](repeating: [], count: 32)
    for key in allCases { table[key.name.utf8.count].append((key, Array(key.name.utf8))) }
    return table
  }()

  /// The key named `name`, compared byte for byte. For these names (ASCII letters and `_`)
  /// this is `String`'s `==`: no other spelling is canonically equivalent to them.
  static func named(_ name: String) -> CallParameter? {
    let utf8 = name.utf8
    guard utf8.count < byLength.count else { return nil }
    for candidate in byLength[utf8.count] where utf8.elementsEqual(candidate.name) {
      return candidate.key
    }
    return nil
  }

  /// Where each key's first occurrence is in a list of parameters: one pass over the list when
  /// it is set, then a lookup per ask. Positions past `Int8.max` are found by name.
  struct Table: Sendable {
    /// Per key (by declaration order): the position, `absent`, or `far`.
    private var slots = SIMD32<Int8>(repeating: Self.absent)
    private static let absent: Int8 = -1
    private static let far: Int8 = -2

    init(_ items: QueryItems) {
      for (position, item) in items.items.enumerated() {
        guard let key = CallParameter.named(item.name) else { continue }
        let slot = key.rawValue
        guard slots[slot] == Self.absent else { continue }
        slots[slot] = position <= Int(Int8.max) ? Int8(position) : Self.far
      }
    }

    /// `key`'s first value in `items` (the list this table was made from).
    func value(_ key: CallParameter, in items: QueryItems) -> String? {
      let found = slots[key.rawValue]
      if found >= 0 { return items.items[Int(found)].value }
      if found == Self.absent { return nil }
      return items[key.name]
    }
  }
}
