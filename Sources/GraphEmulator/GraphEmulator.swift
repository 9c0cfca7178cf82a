import GraphAPI
import GraphJSON

/// An in-process Graph API: answers `HTTPRequest`s from a `World` the way graph.facebook.com
/// answered the Facebook iOS SDK 3.x (unversioned and v1.0 to v2.2, plus the v2.4 `/me`
/// default). Deterministic: a fixed clock advancing one second per request and a fixed id
/// sequence, so the same session gives byte-identical answers.
///
/// It answers for any base URL (`https://graph.facebook.com`, `http://127.0.0.1:PORT`): paging
/// URLs reuse the scheme, host, port and version of the request. Thread-safe; every call runs
/// under one lock.
public final class GraphEmulator: GraphTransport, Sendable {
  private let initialWorld: World
  /// The router owns the state, so a request changes it in place (no copy of a large world).
  private let router: Locked<Router>

  /// An emulator over `world` (the embedded default world unless told otherwise); `secrets`
  /// says whether OAuth codes and minted tokens are random (the default) or counted.
  public init(world: World = .default, secrets: SecretMint = .random) {
    initialWorld = world
    router = Locked(Router(state: EmulatorState(world: world, secrets: secrets)))
  }

  /// Answers one request. Never throws: every problem is a Graph error answer.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    answer(request)
  }

  /// The synchronous core of `send`.
  public func answer(_ request: HTTPRequest) -> HTTPResponse {
    if let addressed = AddressedRequest.readdressed(request) {
      return router.withLock { $0.respond(to: addressed) }
    }
    return router.withLock { $0.respond(to: request) }
  }

  func withState<T>(_ body: (inout EmulatorState) throws(EmulatorError) -> T)
    throws(EmulatorError) -> T
  {
    try router.withLock { router throws(EmulatorError) in try body(&router.state) }
  }

  func withState<T>(_ body: (inout EmulatorState) -> T) -> T {
    router.withLock { body(&$0.state) }
  }

  /// Restores the world the emulator started with, and its clock and id sequence
  /// (the REPL's `reset`). The throttle setting is kept.
  public func reset() {
    withState { state in
      let throttle = state.throttle
      state = EmulatorState(world: initialWorld, secrets: state.secrets)
      state.mutate { $0.throttle = throttle }
    }
  }

  /// Turns throttling on (`callsPerMinute` calls per 60 emulated seconds, then errors 4 and
  /// 17) or off (`nil`).
  public func setThrottle(callsPerMinute: Int?) {
    withState { state in
      let now = state.now
      state.mutate { contents in
        contents.throttle = callsPerMinute.map { max(1, $0) }
        contents.callsInWindow = 0
        contents.windowStart = now
      }
    }
  }

  /// Reads a `--throttle` rate: `N/min` (or plain `N`), calls per minute.
  public static func throttleRate(parsing text: String) throws(EmulatorError) -> Int {
    var number = Substring(text)
    for suffix in ["/min", "/m"] where number.hasSuffix(suffix) {
      number = number.dropLast(suffix.count)
      break
    }
    guard let rate = Int(number), rate >= 1 else { throw .invalidThrottle(text) }
    return rate
  }

  /// A copy of the live world, writes included.
  public var world: World { withState { $0.world } }

  /// The default test user's token (`CAAEmuAlice` in the default world).
  public var defaultToken: String { withState { $0.world.defaultToken } }

  /// The emulator's current time, Unix seconds.
  public var now: Int { withState { $0.now } }

  /// Moves the clock forward so that the next request is answered at `time` (Unix seconds),
  /// never backwards: a later request is answered one second after the one before it as
  /// usual. `verify --world` follows a recording's own times with it (issue 42).
  public func followClock(to time: Int) {
    withState { state in
      let next = state.nowForTokenCheck &+ 1
      if time > next { state.clockShift &+= time - next }
    }
  }
}
