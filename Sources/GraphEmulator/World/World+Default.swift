import GraphJSON

extension World {
  /// The default world, built from Swift source (no resource files): Scrumptious, its test
  /// user Alice Whitfield with 68 friends, 42 feed posts over five months, albums, photos,
  /// check-ins and likes, 34 places around San Francisco's Union Square, pages and events.
  /// See docs/emulator.md for its people and tokens.
  public static let `default`: World = DefaultWorld.make()

  /// The default world's named test tokens, sorted by name (`World.default.testTokens`),
  /// without building the world: what `import` and `audit` leave alone, in a process that
  /// needs nothing else of the world (building it took about 5 MB).
  public static var defaultTestTokens: [TokenRecord] {
    var builder = WorldBuilder()
    DefaultWorld.addTokens(&builder)
    return builder.tokens.values.filter { $0.name != nil }
      .sorted { ($0.name ?? "") < ($1.name ?? "") }
  }
}

/// The ingredients of `World.default`.
enum DefaultWorld {
  /// 2014-10-15T12:00:00+0000, the emulator's "now" at start.
  static let clock = 1_413_374_400
  static let appID = "233936543368280"
  static let alice = "100001000000001"
  /// The friend the Scrumptious tutorial (the Scrumptious tutorial) fails to tag: not a tester of the app.
  static let untaggable = "100002768941660"
  static let sanFrancisco = ("114952118516947", "San Francisco, California")

  /// The twelve named people: id, first, last, gender, locale, username, birthday.
  static let named: [(String, String, String, String, String, String, String)] = [
    (alice, "Alice", "Whitfield", "female", "en_US", "alice.whitfield", "04/12/1988"),
    ("100001000000002", "Bob", "Okafor", "male", "en_GB", "bob.okafor", "09/30/1985"),
    ("100001000000003", "Chen", "Wei", "male", "zh_CN", "chen.wei", "01/22/1990"),
    ("100001000000004", "Dana", "Kowalski", "female", "pl_PL", "dana.kowalski", "07/04/1992"),
    ("100001000000005", "Emil", "Sørensen", "male", "da_DK", "emil.sorensen", "11/11/1987"),
    ("100001000000006", "Fatima", "Haddad", "female", "ar_AR", "fatima.haddad", "02/14/1991"),
    ("100001000000007", "Gabriel", "Moreau", "male", "fr_FR", "gabriel.moreau", "06/18/1983"),
    ("100001000000008", "Hana", "Sato", "female", "ja_JP", "hana.sato", "03/03/1994"),
    ("100001000000009", "Ivan", "Petrov", "male", "ru_RU", "ivan.petrov", "12/01/1989"),
    ("100001000000010", "Julia", "Romero", "female", "es_ES", "julia.romero", "08/08/1993"),
    ("100001000000011", "Kofi", "Mensah", "male", "en_US", "kofi.mensah", "05/20/1986"),
    ("100001000000012", "Lena", "Fischer", "female", "de_DE", "lena.fischer", "10/10/1995"),
    (untaggable, "Marco", "Bianchi", "male", "it_IT", "marco.bianchi", "01/01/1984"),
  ]

  /// People with a role on Scrumptious: the only ones an `eat` action may tag.
  static let testers: Set<String> = [
    alice, "100001000000002", "100001000000003", "100001000000004", "100001000000005",
  ]

  /// People who never installed Scrumptious: from v2.0 they are not in friends lists.
  static let nonUsers: Set<String> = [
    "100001000000012", "100001000000107", "100001000000119", "100001000000131",
    "100001000000143", "100001000000155",
  ]

  static let firstNames = [
    "Amara", "Ben", "Carla", "Diego", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas",
    "Keiko", "Liam", "Maya", "Noah", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tara",
    "Umar", "Vera", "Wen", "Xenia", "Yusuf", "Zoe", "Arjun", "Bianca",
  ]
  static let lastNames = [
    "Adeyemi", "Brandt", "Castillo", "Dubois", "Eriksen", "Ferreira", "Gallagher", "Horvat",
    "Ivanova", "Jensen", "Kim", "Lindqvist", "Murphy", "Nakamura", "Olsen", "Park",
  ]

  static func make() -> World {
    var builder = WorldBuilder()
    addPeople(&builder)
    addPlaces(&builder)
    addPages(&builder)
    addContent(&builder)
    addTokens(&builder)
    let people = builder.nodes.values.filter { $0.type == .user }.map(\.id)
    let app = AppInfo(
      id: appID, name: "Scrumptious", namespace: "fb_sample_scrumps",
      secret: "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", defaultVersion: .v2_2,
      testers: testers, actionTypes: ["eat": "meal"],
      users: Set(people).subtracting(nonUsers), clientToken: "EmuClientToken")
    builder.add(
      appID, .application,
      [
        ("name", "Scrumptious"), ("namespace", "fb_sample_scrumps"),
        ("link", .string("https://www.facebook.com/apps/application.php?id=\(appID)")),
        ("category", "Food & Drink"),
        ("description", "The Facebook iOS SDK sample app for Open Graph meals."),
        // The app settings the iOS SDK 3.x fetches (FBUtility.m fetchAppSettings:callback:).
        ("supports_implicit_sdk_logging", true), ("gdpv4_nux_enabled", false),
        ("ios_supports_system_auth", true), ("app_events_feature_bitmask", 0),
      ])
    return builder.build(
      app: app, defaultUserID: alice, defaultToken: "CAAEmuAlice", clock: clock,
      deauthorized: ["100001000000011"])
  }

  static func addPeople(_ b: inout WorldBuilder) {
    for (index, p) in named.enumerated() {
      b.person(
        id: p.0, first: p.1, last: p.2, gender: p.3, locale: p.4, username: p.5,
        minAge: 21, birthday: p.6, hometown: sanFrancisco, location: sanFrancisco,
        updated: clock - 86_400 * (index * 9 + 3))
    }
    for (index, p) in named.enumerated() where index > 0 {
      b.befriend(alice, p.0)
      if index + 1 < named.count { b.befriend(p.0, named[index + 1].0) }
    }
    for i in 0..<56 {
      let id = "1000010000001\(i < 10 ? "0" : "")\(i)"
      let first = firstNames[i % firstNames.count]
      let last = lastNames[(i * 7 + 3) % lastNames.count]
      b.person(
        id: id, first: first, last: last, gender: i % 2 == 0 ? "female" : "male",
        username: "\(first.lowercased()).\(last.lowercased()).\(i)", minAge: i % 5 == 0 ? 18 : 21,
        birthday: "0\(i % 9 + 1)/1\(i % 9)/19\(80 + i % 15)", email: i % 3 != 0,
        updated: clock - 86_400 * (i * 3 + 1))
      b.befriend(alice, id)
      if i % 4 == 0 { b.befriend("100001000000002", id) }
    }
  }

  /// The Page Alice manages (San Francisco Farmers Market), through `me/accounts`.
  static let managedPage = "146903518661553"
  /// What a person grants to manage a Page, old names and new ([Page access
  /// tokens](https://developers.facebook.com/docs/pages/access-tokens)).
  static let pagePermissions = [
    "manage_pages", "publish_pages", "pages_show_list", "pages_manage_posts",
    "pages_read_engagement", "pages_manage_engagement", "read_insights",
  ]

  static func addTokens(_ b: inout WorldBuilder) {
    let aliceRead = [
      "public_profile", "basic_info", "email", "user_friends", "user_photos", "user_birthday",
      "user_hometown", "user_location", "user_checkins", "user_likes", "user_events",
      "read_stream",
    ]
    let tokens: [TokenRecord] = [
      TokenRecord(
        token: "CAAEmuAlice", name: "alice", kind: .user, userID: alice, scopes: aliceRead,
        summary: "Alice, the default user: read permissions, no publish_actions"),
      TokenRecord(
        token: "CAAEmuAlicePublish", name: "alice-publish", kind: .user, userID: alice,
        scopes: aliceRead + ["publish_actions"], summary: "Alice with publish_actions"),
      TokenRecord(
        token: "CAAEmuAliceBasic", name: "alice-basic", kind: .user, userID: alice,
        scopes: ["public_profile", "basic_info"], summary: "Alice with basic info only"),
      TokenRecord(
        token: "CAAEmuAliceExpired", name: "expired", kind: .user, userID: alice,
        scopes: aliceRead, expiresAt: clock - 2 * 86_400 - 3 * 3600,
        summary: "Alice's token that expired two days before the clock starts (190/463)"),
      TokenRecord(
        token: "CAAEmuAlicePasswordChanged", name: "password-changed", kind: .user,
        userID: alice, scopes: aliceRead, invalidation: 460,
        summary: "Alice's token from before she changed her password (190/460)"),
      TokenRecord(
        token: "CAAEmuAliceLoggedOut", name: "logged-out", kind: .user, userID: alice,
        scopes: aliceRead, invalidation: 467,
        summary: "Alice's token from a session she logged out of (190/467)"),
      TokenRecord(
        token: "CAAEmuBob", name: "bob", kind: .user, userID: "100001000000002",
        scopes: ["public_profile", "basic_info", "user_friends", "email", "publish_actions"],
        summary: "Bob, a tester, with publish_actions"),
      TokenRecord(
        token: "CAAEmuChen", name: "chen", kind: .user, userID: "100001000000003",
        scopes: ["public_profile", "basic_info", "user_friends"], summary: "Chen, friends only"),
      TokenRecord(
        token: "CAAEmuKofi", name: "kofi", kind: .user, userID: "100001000000011",
        scopes: ["public_profile", "basic_info", "user_friends"],
        summary: "Kofi, who removed the app (190/458)"),
      TokenRecord(
        token: "CAAEmuMarco", name: "marco", kind: .user, userID: untaggable,
        scopes: ["public_profile", "basic_info", "user_friends", "user_photos"],
        summary: "Marco, not a tester of the app"),
      TokenRecord(
        token: "CAAEmuAlicePages", name: "alice-pages", kind: .user, userID: alice,
        scopes: aliceRead + pagePermissions,
        summary: "Alice with the Page permissions: lists her Page and its token"),
      TokenRecord(
        token: "EAAEmuMarketPage", name: "page", kind: .page, userID: alice,
        scopes: pagePermissions,
        summary: "the Page token of San Francisco Farmers Market, which Alice manages",
        pageID: managedPage),
      TokenRecord(
        token: "\(appID)|EmuAppToken", name: "app", kind: .app,
        summary: "the Scrumptious app token"),
      TokenRecord(
        token: "CAAEmu!malformed", name: "malformed", kind: .malformed,
        summary: "a token Graph rejects as malformed (190)"),
    ]
    for record in tokens { b.token(record) }
  }
}
