/// The emulator's mutable state: the live world, the request counter that drives the clock and
/// trace ids, and the id sequence for new objects.
struct EmulatorState: Sendable {
  var world: World { didSet { generation &+= 1 } }
  /// Requests answered so far.
  var requests = 0
  /// The next new-object number.
  var nextID = 1 { didSet { generation &+= 1 } }
  /// The next minted-token number.
  var nextToken = 1 { didSet { generation &+= 1 } }
  /// Throttling: calls allowed per window (see `Router.throttleUsage`), `nil` when off.
  var throttle: Int? { didSet { generation &+= 1 } }
  var windowStart = 0 { didSet { generation &+= 1 } }
  var callsInWindow = 0 { didSet { generation &+= 1 } }
  /// The last status message per user, for error 506.
  var lastStatus: [String: String] = [:] { didSet { generation &+= 1 } }
  /// What has been written, against the write budget.
  var written = WriteBudget() { didSet { generation &+= 1 } }
  /// OAuth codes, app requests, app events, test users, photo bytes (issue 13).
  var surface = SurfaceState() { didSet { generation &+= 1 } }
  /// Counts every change to the state above (not the request counter): an answer made in one
  /// generation is the same answer in it (`AnswerMemo`).
  private(set) var generation = 0
  /// Reads of `now`, for `AnswerMemo`.
  let clockReads = ClockReads()
  /// Repeated reads' answers.
  var memo = AnswerMemo()

  /// Random or counted codes and tokens.
  let secrets: SecretMint
  /// The key of the dialogs' form tokens, made once per state.
  let formKey: [UInt8]

  init(world: World, secrets: SecretMint = .random) {
    self.world = world
    self.secrets = secrets
    formKey = secrets.formKey(appSecret: world.app.secret)
  }

  /// An empty state to swap in while the real one is lent to a router.
  static let placeholder = EmulatorState(
    world: World(
      app: AppInfo(id: "", name: "", namespace: "", secret: "", defaultVersion: .v2_2),
      nodes: [:], edges: [:], tokens: [:], deauthorized: [], defaultUserID: "",
      defaultToken: "", clock: 0), secrets: .deterministic)

  /// The clock: the world's start time plus one second per request.
  var now: Int {
    clockReads.count &+= 1
    return world.clock + requests
  }

  /// `now`, read to check a token's expiry (not counted in `clockReads`: a kept answer records
  /// the expiry instead).
  var nowForTokenCheck: Int { world.clock + requests }

  /// A fresh numeric id: `base` followed by the sequence number.
  mutating func newID(prefix: String = "10153") -> String {
    defer { nextID += 1 }
    let number = String(nextID)
    return prefix + String(repeating: "0", count: max(0, 10 - number.count)) + number
  }
}
