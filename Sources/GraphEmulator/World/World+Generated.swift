import GraphJSON

extension World {
  /// A generated world for scale: `people` users (at most 100,000,000), each with `friends`
  /// friends (a ring lattice: the nearest ids on both sides), the Scrumptious app, the token
  /// `CAAEmuUser0` of person 0 (the default user) and the app token. Names are drawn from
  /// `seed`. People and friend lists are computed when a request reaches them, so a world
  /// starts in milliseconds and holds two bytes a person, whatever `friends` is.
  ///
  /// `defaultUserFriends` gives person 0 that many friends instead (persons 1...N, one way),
  /// for measuring deep pages.
  public static func generated(
    people: Int, friends: Int, seed: UInt64 = 1, defaultUserFriends: Int? = nil
  ) throws(EmulatorError) -> World {
    guard people >= 2 else { throw .invalidGeneratedWorld("people must be at least 2") }
    guard friends >= 1, friends < people else {
      throw .invalidGeneratedWorld("friends must be between 1 and people - 1")
    }
    guard people <= GeneratedPopulation.maximumPeople else {
      throw .invalidGeneratedWorld(
        "people must be at most \(GeneratedPopulation.maximumPeople), found \(people)")
    }
    if let hub = defaultUserFriends, hub < 1 || hub >= people {
      throw .invalidGeneratedWorld("defaultUserFriends must be between 1 and people - 1")
    }
    // People, names and friend lists are computed on demand (two bytes a person).
    let population = GeneratedPopulation(
      count: people, friends: friends, seed: seed, hub: defaultUserFriends)
    func id(_ n: Int) -> String { population.id(n) }
    var builder = WorldBuilder()
    let app = AppInfo(
      id: DefaultWorld.appID, name: "Scrumptious", namespace: "fb_sample_scrumps",
      secret: "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", defaultVersion: .v2_2,
      actionTypes: ["eat": "meal"])
    for token in generatedTestTokens { builder.token(token) }
    return builder.build(
      app: app, defaultUserID: id(0), defaultToken: "CAAEmuUser0", clock: DefaultWorld.clock,
      population: population)
  }
}

extension World {
  /// A generated world's published test tokens, the same in every generated world:
  /// `CAAEmuUser0` (person 0) and the app token.
  public static var generatedTestTokens: [TokenRecord] {
    [
      TokenRecord(
        token: "CAAEmuUser0", name: "user0", kind: .user,
        userID: String(GeneratedPopulation.firstID),
        scopes: ["public_profile", "user_friends"], summary: "person 0 of the generated world"),
      TokenRecord(token: "\(DefaultWorld.appID)|EmuAppToken", name: "app", kind: .app),
    ]
  }

  /// Every token the emulator publishes, in the default world and in generated ones: public,
  /// never a secret in a recording (issue 45: `audit` called `CAAEmuUser0` a leak).
  public static var publishedTestTokens: [TokenRecord] {
    defaultTestTokens + generatedTestTokens
  }
}

extension World {
  /// The world a command-line argument names: `generated:people=N,friends=K[,seed=S]`, or the
  /// path of a world file.
  public static func load(argument: String) throws(EmulatorError) -> World {
    let prefix = "generated:"
    guard argument.hasPrefix(prefix) else { return try load(contentsOf: argument) }
    var people: Int?
    var friends: Int?
    var seed: UInt64 = 1
    for pair in argument.dropFirst(prefix.count).split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw .invalidGeneratedWorld("expected name=value, found '\(pair)'")
      }
      switch parts[0] {
      case "people": people = Int(parts[1])
      case "friends": friends = Int(parts[1])
      case "seed": seed = UInt64(parts[1]) ?? seed
      default: throw .invalidGeneratedWorld("unknown setting '\(parts[0])'")
      }
      if parts[0] != "seed" && Int(parts[1]) == nil {
        throw .invalidGeneratedWorld("\(parts[0]) must be a whole number, found '\(parts[1])'")
      }
    }
    guard let people, let friends else {
      throw .invalidGeneratedWorld("expected generated:people=N,friends=K")
    }
    return try generated(people: people, friends: friends, seed: seed)
  }
}
