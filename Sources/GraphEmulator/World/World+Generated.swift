import GraphJSON

extension World {
  /// A generated world for scale: `people` users, each with `friends` friends (a ring
  /// lattice: the nearest ids on both sides), the Scrumptious app, the token `CAAEmuUser0`
  /// of person 0 (the default user) and the app token. Names are drawn from `seed`.
  public static func generated(people: Int, friends: Int, seed: UInt64 = 1)
    throws(EmulatorError) -> World
  {
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
    func id(_ n: Int) -> String { String(200_000_000_000_000 + n) }
    for n in 0..<people {
      let first = firsts[Int(next() % UInt64(firsts.count))]
      let last = lasts[Int(next() % UInt64(lasts.count))]
      builder.nodes[id(n)] = Node(
        id: id(n), type: .user,
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
      for k in 1...max(1, half) { list.append(id((n + k) % people)) }
      for k in 1...max(1, friends - half) { list.append(id((n - k + people) % people)) }
      builder.edges[id(n)] = ["friends": Array(list.prefix(friends))]
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
