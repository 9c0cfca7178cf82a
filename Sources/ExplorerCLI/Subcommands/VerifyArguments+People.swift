import GraphCassette
import GraphEmulator

extension VerifyArguments {
  /// For a recording whose tokens show several people (`RecordedWorld+People`: `GET me` with
  /// each, `debug_token`), the emulator's test token of each token's person, by placeholder:
  /// one holding the permissions the recording shows the token held, the fewest beyond them;
  /// with none shown, one holding `publish_actions` when the token published, and the most
  /// permissions (**[choice]**); never one that expired or was invalidated. When the tokens
  /// show one person (or none), they go as the default token, as before, but a token the
  /// recording shows holding what the default token lacks (it published, its permissions were
  /// read, or its `me/accounts` listed Page tokens): that one goes as the person's (the default
  /// user's) test token holding it; one person who is not the default user: their test token.
  /// A token the answers show acting as a Page (`GET me` answered the Page) goes as the
  /// emulator's Page token of that Page (issue 42).
  static func peopleTokens(in cassette: Cassette, world: World) -> [String: TokenRecord] {
    // Over the small default world: the people are those the answers show, the tokens `world`'s.
    var learned = RecordedWorld(base: .default)
    for interaction in cassette.interactions { learned.learn(interaction) }
    var people = learned.people
    people.listedPages = Self.pageListers(in: cassette)
    let pages = pageTokens(people, learned.types, cassette, world: world)
    let shown = people.order.filter { people.person[$0].flatMap { learned.types[$0] } == "user" }
    let persons = Set(shown.compactMap { people.person[$0] })
    let defaultUser = world.tokens[world.defaultToken]?.userID
    // One person who is not the default token's is that person's too.
    guard persons.count > 1 || persons.first.map({ $0 != defaultUser }) == true else {
      return pages.merging(lackingTokens(people, persons.first, world: world)) { page, _ in page }
    }
    var out = pages
    for placeholder in shown {
      guard let person = people.person[placeholder] else { continue }
      out[placeholder] = testToken(of: person, for: placeholder, people, world: world)
    }
    return out
  }

  /// For a recording of one person (`person`, else the world's default user): the test token of
  /// that person for each token the recording shows holding what the default token lacks.
  private static func lackingTokens(
    _ people: RecordedPeople, _ person: String?, world: World
  ) -> [String: TokenRecord] {
    guard let person = person ?? world.tokens[world.defaultToken]?.userID,
      world.tokens[world.defaultToken]?.userID == person
    else { return [:] }
    let held = Set(world.tokens[world.defaultToken]?.scopes ?? [])
    var out: [String: TokenRecord] = [:]
    for placeholder in people.published.union(people.scopes.keys).union(people.listedPages) {
      let needed =
        people.scopes[placeholder]
        ?? (people.published.contains(placeholder) ? ["publish_actions"] : [])
      let lacks =
        !held.isSuperset(of: needed)
        || (people.listedPages.contains(placeholder) && held.isDisjoint(with: listingPages))
      guard lacks, people.person[placeholder].map({ $0 == person }) ?? true
      else { continue }
      out[placeholder] = testToken(of: person, for: placeholder, people, world: world)
    }
    return out
  }

  /// `person`'s test token for `placeholder`: one holding the permissions the recording shows
  /// it held, the fewest beyond them; with none shown, one holding `publish_actions` when it
  /// published, and the most permissions.
  private static func testToken(
    of person: String, for placeholder: String, _ people: RecordedPeople, world: World
  ) -> TokenRecord? {
    var candidates = world.tokens.values.filter {
      $0.kind == .user && $0.userID == person && $0.name != nil && $0.invalidation == nil
        && ($0.expiresAt.map { $0 > world.clock } ?? true)
    }
    if let held = people.scopes[placeholder] {
      candidates = candidates.filter { Set($0.scopes).isSuperset(of: held) }
    } else if people.published.contains(placeholder) {
      candidates = candidates.filter { $0.scopes.contains("publish_actions") }
    }
    if people.listedPages.contains(placeholder) {
      candidates = candidates.filter { !listingPages.isDisjoint(with: $0.scopes) }
    }
    let fewest = people.scopes[placeholder] != nil
    candidates.sort { (a: TokenRecord, b: TokenRecord) -> Bool in
      guard a.scopes.count != b.scopes.count else { return a.token < b.token }
      return (a.scopes.count < b.scopes.count) == fewest
    }
    return candidates.first
  }
}
