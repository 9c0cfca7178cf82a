/// The emulator's mutable state: the live world, the request counter that drives the clock and
/// trace ids, and the id sequence for new objects.
///
/// What an answer is made from lives in `Contents`: read it as if it were stored here
/// (`state.world`, `state.nextID`: dynamic member lookup, read-only) and change it only through
/// `mutate`, which counts the change in `generation`. A field added to `Contents` is thereby
/// readable and counted with no further code.
@dynamicMemberLookup
struct EmulatorState: Sendable {
  /// The world, sequences, throttle and surface state; changed only by `mutate`.
  private(set) var contents: Contents
  /// Requests answered so far.
  var requests = 0
  /// Seconds the clock was moved forward beyond one per request (`GraphEmulator.followClock`).
  var clockShift = 0
  /// Counts every change to `contents` (not the request counter): an answer made in one
  /// generation is the same answer in it (`AnswerMemo`).
  private(set) var generation = 0
  /// Reads of `now`, for `AnswerMemo`.
  let clockReads = ClockReads()
  /// Repeated reads' answers.
  var memo = AnswerMemo()
  /// Whether reads of nodes and edges are written straight into bytes (`AnswerWriter`);
  /// off only in tests, which compare the answers with the tree's.
  var writesAnswers = true
  /// How many answers `AnswerWriter` wrote (what share of reads it covers).
  var writtenAnswers = 0
  /// Friends lists narrowed to the app's users, per generation.
  let appUserLists = AppUserLists()
  /// People as edges list them, written, per generation.
  let personItems = PersonItems()

  /// Random or counted codes and tokens.
  let secrets: SecretMint
  /// The key of the dialogs' form tokens, made once per state.
  let formKey: [UInt8]

  init(world: World, secrets: SecretMint = .random) {
    contents = Contents(world: world)
    // The test users the world declares the app has.
    contents.surface.testUsers = world.app.testUsers.map(TestUser.init(declared:))
    self.secrets = secrets
    formKey = secrets.formKey(appSecret: world.app.secret)
  }

  /// A field of `contents`, read-only (`state.world`).
  subscript<Value>(dynamicMember keyPath: KeyPath<Contents, Value>) -> Value {
    contents[keyPath: keyPath]
  }

  /// Changes `contents` in place and starts a new generation (even when `body` throws or
  /// changes nothing): the one way to write the state.
  @discardableResult
  mutating func mutate<Result, Failure: Error>(
    _ body: (inout Contents) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    generation &+= 1
    return try body(&contents)
  }

  /// The clock: the world's start time plus one second per request, plus how far it was moved
  /// forward.
  var now: Int {
    clockReads.count &+= 1
    return nowForTokenCheck
  }

  /// `now`, read to check a token's expiry (not counted in `clockReads`: a kept answer records
  /// the expiry instead).
  var nowForTokenCheck: Int { contents.world.clock &+ requests &+ clockShift }

}
