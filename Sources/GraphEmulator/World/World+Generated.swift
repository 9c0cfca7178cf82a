import GraphJSON

extension World {
  /// A generated world for scale: `people` users, each with `friends` friends (a ring
  /// lattice: the nearest ids on both sides), the Scrumptious app, the token `CAAEmuUser0`
  /// of person 0 (the default user) and the app token. Names are drawn from `seed`.
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
    var builder = WorldBuilder()
    builder.nodes.reserveCapacity(people + 1)
    builder.edges.reserveCapacity(people)
    var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    func next() -> UInt64 {
      random ^= random << 13
      random ^= random >> 7
      random ^= random << 17
      return random
    }
    let firsts = DefaultWorld.firstNames
    let lasts = DefaultWorld.lastNames
    let ids = (0..<people).map { String(200_000_000_000_000 + $0) }
    func id(_ n: Int) -> String { ids[n] }
    for n in 0..<people {
      let first = firsts[Int(next() % UInt64(firsts.count))]
      let last = lasts[Int(next() % UInt64(lasts.count))]
      builder.nodes[ids[n]] = Node(
        id: ids[n], type: .user,
        fields: JSONObject([
          .init(key: "name", value: .string("\(first) \(last)")),
          .init(key: "first_name", value: .string(first)),
          .init(key: "last_name", value: .string(last)),
          .init(key: "gender", value: n % 2 == 0 ? "female" : "male"),
          .init(key: "locale", value: "en_US"),
        ]))
    }
    let half = friends / 2
    for n in 0..<people {
      var list: [String] = []
      list.reserveCapacity(friends)
      for k in 1...max(1, half) { list.append(ids[(n + k) % people]) }
      for k in 1...max(1, friends - half) { list.append(ids[(n - k + people) % people]) }
      builder.edges[ids[n]] = ["friends": Array(list.prefix(friends))]
    }
    if let hub = defaultUserFriends {
      guard hub >= 1, hub < people else {
        throw .invalidGeneratedWorld("defaultUserFriends must be between 1 and people - 1")
      }
      builder.edges[ids[0]] = ["friends": Array(ids[1...hub])]
    }
    let app = AppInfo(
      id: DefaultWorld.appID, name: "Scrumptious", namespace: "fb_sample_scrumps",
      secret: "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", defaultVersion: .v2_2,
      actionTypes: ["eat": "meal"])
    builder.token(
      TokenRecord(
        token: "CAAEmuUser0", name: "user0", kind: .user, userID: id(0),
        scopes: ["public_profile", "user_friends"], summary: "person 0 of the generated world"))
    builder.token(
      TokenRecord(token: "\(DefaultWorld.appID)|EmuAppToken", name: "app", kind: .app))
    return builder.build(
      app: app, defaultUserID: id(0), defaultToken: "CAAEmuUser0", clock: DefaultWorld.clock)
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
