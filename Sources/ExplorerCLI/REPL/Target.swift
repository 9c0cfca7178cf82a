import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive

/// Where the REPL's requests go, owning what answers them: the emulator, a Graph API over the
/// network (graph.facebook.com, "live", or another origin), or a cassette being replayed.
/// A recording wraps whichever it is (`Session.recorder`). Every question about the target
/// (its name, its base URL, whether the emulator answers) is asked here, never of a name.
enum Target {
  /// The embedded emulator answers.
  case emulator(GraphEmulator)
  /// Requests go over the network to `origin` (`https://graph.facebook.com` for live).
  case network(origin: String, transport: CurlTransport)
  /// The cassette `file` answers.
  case replay(file: String, player: CassettePlayer)

  /// A network target at `origin`, reading answers of at most `maxAnswerBytes`.
  static func network(_ origin: String, maxAnswerBytes: Int = 64 << 20) -> Target {
    .network(origin: origin, transport: CurlTransport(maxAnswerBytes: maxAnswerBytes))
  }

  /// What answers requests (before any recorder).
  var transport: any GraphTransport {
    switch self {
    case .emulator(let emulator): emulator
    case .network(_, let transport): transport
    case .replay(_, let player): player
    }
  }

  /// The name `target` and the prompt show: `emulator`, `live`, the origin, or `replay`.
  var name: String {
    switch self {
    case .emulator: "emulator"
    case .network(let origin, _) where origin == GraphRequest.defaultBaseURL: "live"
    case .network(let origin, _): origin
    case .replay: "replay"
    }
  }

  /// Where requests are addressed: the network target's origin, else graph.facebook.com (the
  /// emulator and cassettes answer that address).
  var baseURL: String {
    if case .network(let origin, _) = self { return origin }
    return GraphRequest.defaultBaseURL
  }

  /// The emulator while it is the target, else `nil`.
  var emulator: GraphEmulator? {
    if case .emulator(let emulator) = self { return emulator }
    return nil
  }

  /// Whether the live Graph API (graph.facebook.com over the network) is the target.
  var isLive: Bool {
    if case .network(let origin, _) = self { return origin == GraphRequest.defaultBaseURL }
    return false
  }

  /// Whether requests go over the network (live or another origin).
  var isNetwork: Bool {
    if case .network = self { return true }
    return false
  }

  /// Whether a cassette answers.
  var isReplay: Bool {
    if case .replay = self { return true }
    return false
  }

  /// The target as the subject of a sentence: `the emulator`, `the live`, an origin, `replay`.
  var phrase: String {
    switch self {
    case .emulator: "the emulator"
    case .network where isLive: "the live"
    case .network, .replay: name
    }
  }
}
