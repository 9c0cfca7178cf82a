import GraphAPI
import GraphCassette
import GraphJSON

extension RecordedWorld {
  /// Learns Graph's clock from `interaction` (issue 42): the first answer's `Date` starts the
  /// world's clock, and the expiry the recording shows for a token of its own (a 190/463
  /// message, `debug_token`, a token exchange: `RecordedTime.expiries`) becomes the expiry of
  /// the world's recorded token, so that token expires at the same point of the session.
  mutating func learnClock(_ interaction: Interaction) {
    guard VerifyScope.isGraph(interaction.request.url) else { return }
    if startedAt == nil { startedAt = RecordedTime.answered(interaction.response) }
    for (token, expiry) in RecordedTime.expiries(interaction).sorted(by: { $0.key < $1.key })
    where !baseTokens.contains(token) {
      recordedExpiry = expiry
    }
  }

  /// `root` with the clock and the recorded token's expiry learned (`learnClock`).
  /// **[choice]**: the world's one recorded token stands for every token of the recording's own,
  /// so it takes the expiry the recording showed last; the clock starts at the first answer's
  /// `Date` even when the base's is later (a token that expired before the base's clock started
  /// is still valid at the recording's start).
  func clocked(_ root: JSONObject) -> JSONObject {
    var root = root
    if let startedAt { root["clock"] = .number(JSONNumber(startedAt)) }
    guard let recordedExpiry, case .array(var tokens) = root["tokens"] ?? .null,
      let index = tokens.firstIndex(where: { $0["token"]?.stringValue == Self.recordedToken }),
      case .object(var token) = tokens[index]
    else { return root }
    token["expires_at"] = .number(JSONNumber(recordedExpiry))
    tokens[index] = .object(token)
    root["tokens"] = .array(tokens)
    return root
  }
}
