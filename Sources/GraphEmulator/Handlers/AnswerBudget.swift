import GraphAPI
import GraphJSON

/// How large the emulator's answers may grow (issue 31: six 30 MB posts made one `me/feed`
/// answer of 211 MB at a 696 MB peak, and a batch of them 1.72 GB, while every other client
/// waited). Past a budget the answer is Graph's error for oversized answers, code 1 `Please
/// reduce the amount of data you're asking for, then retry your request`, and nothing of the
/// answer is printed: a cheap walk over the value finds its printed size at least that large
/// first. **[choice]** the sizes (Graph's own were never published).
enum AnswerBudget {
  /// The largest answer body, in bytes.
  static let perAnswer = 8 << 20
  /// The largest sum of a batch's operations' bodies: the batch stops at the operation that
  /// passes it (the whole batch answer, escaped, is held to `perAnswer` too).
  static let perBatch = 8 << 20

  static var tooLarge: GraphError {
    GraphError(
      message: "Please reduce the amount of data you're asking for, then retry your request",
      type: "OAuthException", code: 1)
  }

  /// Whether `value` printed compactly would take more than `limit` bytes (each string counted
  /// at its UTF-8 length, so an escaped string only prints longer); stops as soon as it knows.
  static func exceeds(_ value: JSONValue, _ limit: Int) -> Bool {
    var total = 0
    return walk(value, &total, limit)
  }

  private static func walk(_ value: JSONValue, _ total: inout Int, _ limit: Int) -> Bool {
    switch value {
    case .null, .bool, .number: total += 4
    case .string(let text): total += text.utf8.count + 2
    case .array(let items):
      total += 2 + items.count
      for item in items where walk(item, &total, limit) { return true }
    case .object(let object):
      total += 2
      for member in object.members {
        total += member.key.utf8.count + 4
        if walk(member.value, &total, limit) { return true }
      }
    }
    return total > limit
  }
}
