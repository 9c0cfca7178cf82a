/// What the emulator keeps of what is written to it, so that stored posts, comments and photos
/// are bounded like answers are (issue 31: six 30 MB posts made a 211 MB `me/feed`).
///
/// - A text parameter that is stored (`message` of a post, comment or photo, and a post's
///   `link`, `name`, `caption`, `description`) is at most 63,206 characters: the length
///   Facebook's composer allows a post (diaspora/diaspora#5090 quotes it as Facebook's
///   `MAX_CHARACTERS`); longer is (#100) **[choice]** of message.
/// - Across the state's life, at most 64 MiB of written text and photo bytes and 100,000
///   written objects **[choice]**; past that every write gets Graph's (#341) Feed action
///   request limit reached, the error Graph gives an app that writes too much.
struct WriteBudget: Sendable {
  /// The longest stored text, in characters.
  static let maxTextCharacters = 63_206
  /// The most bytes written (texts and uploads) over the state's life.
  static let maxBytes = 64 << 20
  /// The most objects written over the state's life.
  static let maxObjects = 100_000

  private(set) var bytes = 0
  private(set) var objects = 0

  /// Counts a write of `bytes` that creates `objects` objects.
  /// - Throws: `.feedActionLimit` when it would pass either budget (nothing is counted).
  mutating func admit(bytes: Int, objects: Int) throws(GraphError) {
    guard self.bytes + bytes <= Self.maxBytes, self.objects + objects <= Self.maxObjects else {
      throw .feedActionLimit
    }
    self.bytes += bytes
    self.objects += objects
  }

  /// Checks the stored text parameters of `call` (`names`) against the longest text.
  /// - Returns: their bytes together.
  /// - Throws: `.textTooLong` naming the first that is longer.
  static func texts(_ names: [String], of call: GraphCall) throws(GraphError) -> Int {
    var total = 0
    for name in names {
      guard let value = call[name] else { continue }
      // Counting characters is linear; a value with more bytes than the limit allows for
      // four-byte characters is too long without counting.
      if value.utf8.count > 4 * maxTextCharacters || value.count > maxTextCharacters {
        throw .textTooLong(name, limit: maxTextCharacters)
      }
      total += value.utf8.count
    }
    return total
  }
}

extension GraphError {
  /// 100 for a stored text past `WriteBudget.maxTextCharacters` (**[choice]** of message).
  static func textTooLong(_ name: String, limit: Int) -> GraphError {
    parameter("The \(name) parameter is too long: at most \(limit) characters are kept")
  }

  /// 341 once the emulator's write budget is spent.
  static let feedActionLimit = oauth(
    "(#341) Feed action request limit reached", code: 341)
}
