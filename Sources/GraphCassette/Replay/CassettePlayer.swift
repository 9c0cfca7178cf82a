import GraphAPI

/// A transport that answers from a cassette, without any network.
///
/// Requests are matched on `matchers` (method, path, query and body by default; secrets never
/// count). Identical requests get their recorded answers in recorded order; once they are all
/// played the player says so, and a request nothing matches gets an error naming the closest
/// recorded request and what differed. An answer that fails its interaction's `expect`
/// assertions is reported rather than returned.
public final class CassettePlayer: GraphTransport, Sendable {
  private let state: Locked<State>

  private struct State {
    var queue: PlaybackQueue
    /// What each played interaction's `expect` found wrong with its recorded answer, worked
    /// out on its first play: the recorded answer never changes, so its body is parsed once.
    var expectFailures: [Int: [String]] = [:]
  }

  /// A player for `cassette`.
  ///
  /// - Parameters:
  ///   - matchers: which parts of a request must agree.
  ///   - allowPlaybackRepeats: once every answer to a request has been played, replay the last
  ///     one again instead of failing.
  public init(
    cassette: Cassette, matchers: MatcherSet = .default, allowPlaybackRepeats: Bool = false
  ) {
    state = Locked(
      State(
        queue: PlaybackQueue(
          cassette: cassette, matchers: matchers, allowRepeats: allowPlaybackRepeats)))
  }

  private init(queue: PlaybackQueue) { state = Locked(State(queue: queue)) }

  /// A player for the cassette file at `path`, in any format `import` reads (a recorder's own
  /// file is imported in memory, its secrets redacted).
  ///
  /// A native cassette file is read as it is replayed (`LazyCassette`): an interaction is
  /// decoded when matching reaches it, so the first answer does not wait for the whole file.
  /// The answers and errors are those of the file read whole; an error in the file past its
  /// head is thrown by the request that reaches it (and every later one).
  ///
  /// - Throws: `CassetteError` when the file cannot be read or is not a valid cassette.
  public convenience init(
    file path: String, matchers: MatcherSet = .default, allowPlaybackRepeats: Bool = false
  ) throws(CassetteError) {
    if let source = LazyCassette(path: path) {
      self.init(
        queue: PlaybackQueue(source: source, matchers: matchers, allowRepeats: allowPlaybackRepeats)
      )
      return
    }
    self.init(
      cassette: try Cassette.loadAnyFormat(path: path), matchers: matchers,
      allowPlaybackRepeats: allowPlaybackRepeats)
  }

  /// The cassette being played. For a file read as it is replayed, the rest of the file is
  /// read first; when that fails, the interactions before the failure (the next request
  /// throws the error).
  public var cassette: Cassette { state.withLock { $0.queue.cassette } }

  /// Indices of interactions not played yet (VCR's "unused interactions"); the rest of a file
  /// read as it is replayed is read first.
  public var unplayedInteractions: [Int] { state.withLock { $0.queue.unplayed } }

  /// The index of the interaction that answers `request`, marking it played.
  ///
  /// - Throws: `CassetteError.noMatch` or `.exhausted`.
  public func match(_ request: HTTPRequest) throws(CassetteError) -> Int {
    try state.withLock { state throws(CassetteError) in try state.queue.next(for: request) }
  }

  /// The recorded answer to `request`.
  ///
  /// - Throws: `CassetteError.noMatch`, `.exhausted`, or `.expectationFailed` when the recorded
  ///   answer does not meet the interaction's `expect`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try answer(request)
  }

  /// `send` without `async`, for callers that are not in an async context.
  public func answer(_ request: HTTPRequest) throws(CassetteError) -> HTTPResponse {
    let index = try match(request)
    let (interaction, known) = state.withLock {
      ($0.queue.interaction(at: index), $0.expectFailures[index])
    }
    if let expect = interaction.expect {
      let failures = known ?? expect.failures(for: interaction.response)
      if known == nil { state.withLock { $0.expectFailures[index] = failures } }
      if !failures.isEmpty { throw .expectationFailed(interaction: index, failures: failures) }
    }
    return interaction.response
  }
}
