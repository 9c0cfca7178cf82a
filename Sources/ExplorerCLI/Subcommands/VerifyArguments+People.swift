import GraphCassette
import GraphEmulator

extension VerifyArguments {
  /// For a recording whose tokens show several people (`RecordedWorld+People`: `GET me` with
  /// each, `debug_token`), the emulator's test token of each token's person, by placeholder:
  /// one holding the permissions the recording shows the token held, the fewest beyond them;
  /// with none shown, one holding `publish_actions` when the token published, and the most
  /// permissions (**[choice]**); never one that expired or was invalidated. Empty when the
  /// tokens show one person (they go as the default token, as before).
  static func peopleTokens(in cassette: Cassette, world: World) -> [String: TokenRecord] {
    // Over the small default world: the people are those the answers show, the tokens `world`'s.
    var learned = RecordedWorld(base: .default)
    for interaction in cassette.interactions { learned.learn(interaction) }
    let people = learned.people
    let shown = people.order.filter { people.person[$0].flatMap { learned.types[$0] } == "user" }
    guard Set(shown.compactMap { people.person[$0] }).count > 1 else { return [:] }
    var out: [String: TokenRecord] = [:]
    for placeholder in shown {
      guard let person = people.person[placeholder] else { continue }
      var candidates = world.tokens.values.filter {
        $0.kind == .user && $0.userID == person && $0.name != nil && $0.invalidation == nil
          && ($0.expiresAt.map { $0 > world.clock } ?? true)
      }
      if let held = people.scopes[placeholder] {
        candidates = candidates.filter { Set($0.scopes).isSuperset(of: held) }
      } else if people.published.contains(placeholder) {
        candidates = candidates.filter { $0.scopes.contains("publish_actions") }
      }
      let fewest = people.scopes[placeholder] != nil
      candidates.sort { (a: TokenRecord, b: TokenRecord) -> Bool in
        guard a.scopes.count != b.scopes.count else { return a.token < b.token }
        return (a.scopes.count < b.scopes.count) == fewest
      }
      out[placeholder] = candidates.first
    }
    return out
  }
}
