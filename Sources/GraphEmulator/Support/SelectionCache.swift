import GraphAPI

/// The field selections parsed lately, by their `fields=` text: a client asks for the same
/// few selections over and over, and parsing one costs more than routing the call. Only
/// selections that parsed are kept (a syntax error is parsed again, for its message); the
/// cache holds at most `capacity` texts of at most `longestText` bytes and starts over when
/// full, so its memory stays bounded whatever clients send.
final class SelectionCache: Sendable {
  static let shared = SelectionCache()
  static let capacity = 256
  static let longestText = 2048

  private let parsed = Locked<[String: FieldSelection]>([:])

  /// The selection `text` parses to, from the cache when it was parsed before.
  func selection(_ text: String) throws(FieldSelectionError) -> FieldSelection {
    if let known = parsed.withLock({ $0[text] }) { return known }
    let selection = try FieldSelection(parsing: text)
    guard text.utf8.count <= Self.longestText else { return selection }
    parsed.withLock { parsed in
      if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
      parsed[text] = selection
    }
    return selection
  }
}
