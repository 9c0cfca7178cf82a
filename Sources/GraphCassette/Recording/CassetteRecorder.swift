import Foundation
import GraphAPI

/// A transport that forwards to another and writes every exchange to a cassette file, with
/// secrets redacted on disk only: the caller gets the live answer unchanged.
///
/// Each interaction is written before `send` returns its answer, so a process killed at any
/// point leaves a cassette that loads with every completed interaction: the first write is a
/// whole-file atomic replace (temporary file, flush, rename), later ones rewrite only the
/// file's tail (`CassetteTail`), so recording costs O(interaction); whether the file is still
/// the one written is checked once a `GroupCommit.defaultWindow`, not per append. Appends reach the disk
/// together (`GroupCommit`): a power loss loses at most the last `GroupCommit.defaultWindow`
/// of them; `flush()` (and the end of the recorder) syncs what is left. Temporaries left by killed recorders
/// beside the cassette are removed when recording starts. One recorder at a time writes a
/// cassette (`RecordingLock`): a second is refused when it starts. Error answers (4xx, 5xx) are recorded like any other; a request that
/// gets no answer at all (connection refused) is not.
public final class CassetteRecorder: GraphTransport, Sendable {
  /// The cassette file.
  public let file: String
  /// The record mode in force (`all` when `reRecordInterval` found the cassette too old).
  public let mode: RecordMode
  private let inner: any GraphTransport
  private let clock: @Sendable () -> Date
  private let recordsNew: Bool
  private let existedAtStart: Bool
  /// Held while this recorder may write the file: a second recorder is refused.
  private let writeLock: RecordingLock?
  /// The cassette's folder, absolute (worked out once, not per interaction).
  private let directory: String
  /// Whether the cassette is a FIFO or a device, written through (no lock, no space check).
  private let writesThrough: Bool
  /// Whether recorded interactions stay in memory (`currentCassette`, `expect`, a whole
  /// rewrite of a file changed behind the recorder's back).
  private let keepsInteractions: Bool
  private let state: Locked<State>
  /// When free space was last measured, what was free then, and what was recorded since.
  private let space = Locked(SpaceCheck())

  /// Free space is measured at most once a second, or sooner when what was recorded since
  /// could have used up what was free. **[choice]**
  struct SpaceCheck {
    var checkedAt: ContinuousClock.Instant?
    var free = 0
    var writtenSince = 0

    static let interval: Duration = .seconds(1)

    /// Whether `needed` more bytes call for a new measurement.
    func isStale(needing needed: Int, now: ContinuousClock.Instant) -> Bool {
      guard let checkedAt else { return true }
      return now - checkedAt > Self.interval || free - writtenSince < 2 * needed
    }
  }

  /// What changes as requests come.
  private struct State {
    var cassette: Cassette
    var redactor: Redactor
    var playback: PlaybackQueue?
    var recorded = 0
    var replayed = 0
    /// The file's tail, once the recorder has written it whole.
    var tail: CassetteTail?
    /// False once a recorder that keeps no interactions has let go of what the file holds:
    /// the file can then only be appended to, never rewritten whole.
    var holdsAll = true
    /// The process that made the recorder: a forked child that records (its pid differs)
    /// syncs each append itself rather than start the group-commit thread after the fork.
    let creator = getpid()
    /// The header fields printed last (`PrintedHeaders`).
    var printedHeaders = PrintedHeaders()
    /// How long appends go without checking the file (`CassetteTail.checkInterval`).
    var checkInterval = GroupCommit.defaultWindow

    /// Writes the whole cassette to `file` atomically and follows its tail for the next
    /// appends.
    mutating func rewrite(_ file: String) throws(CassetteError) {
      tail = nil
      let bytes = cassette.encoded()
      try FileIO.writeAtomically(bytes, to: file)
      tail = CassetteTail(
        path: file, size: bytes.count, groupCommit: getpid() == creator,
        checkInterval: checkInterval)
    }
  }

  /// Starts recording `inner`'s exchanges into `file`.
  ///
  /// - Parameters:
  ///   - inner: the transport that really answers (the network, the emulator).
  ///   - file: the cassette path.
  ///   - mode: as Ruby VCR's record modes; `once` and `none` never overwrite.
  ///   - matchers: how requests are matched when replaying (`once` on an existing cassette,
  ///     `new_episodes`, `none`).
  ///   - knownSecrets: secrets to redact even where no parameter names them (the app secret).
  ///   - publicValues: values never redacted although they sit in secret places: the
  ///     emulator's published test tokens (`GraphEmulator.testTokens`).
  ///   - recordedWith: written as the cassette's `recorded_with`.
  ///   - reRecordInterval: in `once` and `new_episodes`, a cassette whose oldest interaction
  ///     was recorded longer ago than this is re-recorded as in `all` (Ruby VCR's
  ///     `re_record_interval`, Polly's `expiresIn`).
  ///   - clock: the time written as `recorded_at`.
  ///   - keepsInteractions: `false` lets go of each interaction once it is on disk, so memory
  ///     stays bounded however long recording runs (`serve --record`, `proxy --record`):
  ///     `currentCassette` then holds no interactions, `expect` is refused, and a file
  ///     replaced or truncated behind the recorder makes the next interaction fail rather than
  ///     be rewritten without what it held.
  /// - Throws: `.missingCassette` in `none` mode without a file; `CassetteError` when an
  ///   existing file is not a valid cassette (it is never replaced then, in any mode).
  public init(
    wrapping inner: any GraphTransport, file: String, mode: RecordMode = .once,
    matchers: MatcherSet = .default, knownSecrets: [Secret] = [],
    publicValues: Set<String> = [], recordedWith: String? = "graph-explorer",
    reRecordInterval: Duration? = nil, clock: @escaping @Sendable () -> Date = { Date() },
    keepsInteractions: Bool = true
  ) throws(CassetteError) {
    self.inner = inner
    self.keepsInteractions = keepsInteractions
    self.file = file
    self.clock = clock
    existedAtStart = FileIO.exists(file)
    var redactor = Redactor(knownSecrets: knownSecrets, publicValues: publicValues)
    let existing = existedAtStart ? try Cassette.load(path: file) : nil
    var mode = mode
    if let reRecordInterval, let existing, mode == .once || mode == .newEpisodes,
      Self.isOlder(existing, than: reRecordInterval, now: clock())
    {
      mode = .all
    }
    self.mode = mode
    let cassette: Cassette
    let playback: PlaybackQueue?
    switch mode {
    case .none:
      guard let existing else { throw .missingCassette(path: file, mode: mode) }
      cassette = existing
      playback = PlaybackQueue(cassette: existing, matchers: matchers)
      recordsNew = false
    case .once:
      cassette = existing ?? Cassette(recordedWith: recordedWith)
      playback = existing.map { PlaybackQueue(cassette: $0, matchers: matchers) }
      recordsNew = existing == nil
    case .newEpisodes:
      cassette = existing ?? Cassette(recordedWith: recordedWith)
      playback = existing.map { PlaybackQueue(cassette: $0, matchers: matchers) }
      recordsNew = true
      if let existing { redactor.reservePlaceholders(in: existing) }
    case .all:
      cassette = Cassette(recordedWith: recordedWith)
      playback = nil
      recordsNew = true
    }
    // Say now, not at the first answer, when the cassette could never be written.
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
    self.directory = directory
    writesThrough = FileIO.kind(of: file) == .special
    if recordsNew, access(directory, W_OK) != 0 {
      throw .io(
        path: file, operation: "record to", reason: "folder \(directory) is missing or not writable"
      )
    }
    // Only a recorder that writes takes the lock (a FIFO or a device, written through, has
    // none): a recorder that only replays does not hold up the one that writes.
    if recordsNew, !writesThrough {
      writeLock = try RecordingLock(recording: file)
    } else {
      writeLock = nil
    }
    state = Locked(State(cassette: cassette, redactor: redactor, playback: playback))
    if recordsNew { StaleTemporaries.remove(besides: file) }
  }

  /// Gives back the cassette's lock (and removes its `.NAME.lock`) at the end of a session:
  /// what an exit does before the recorder would be released. Recording after it is not guarded.
  public func releaseLock() { writeLock?.release() }

  /// Whether this recorder writes new interactions (false: replay only).
  public var isRecording: Bool { recordsNew }
  /// Interactions recorded in this session.
  public var recordedCount: Int { state.withLock { $0.recorded } }
  /// Requests answered from the existing cassette in this session.
  public var replayedCount: Int { state.withLock { $0.replayed } }
  /// Indices of the existing cassette's interactions not replayed in this session (VCR's
  /// "unused interactions"); empty when nothing is replayed.
  public var unusedInteractions: [Int] { state.withLock { $0.playback?.unplayed ?? [] } }
  /// The cassette as it stands (what is on disk when recording; without its interactions for a
  /// recorder made with `keepsInteractions: false`).
  public var currentCassette: Cassette { state.withLock { $0.cassette } }

  /// `recorded 3, replayed 2: session.json (mode once)`.
  public var summary: String {
    let (recorded, replayed) = state.withLock { ($0.recorded, $0.replayed) }
    return "recorded \(recorded), replayed \(replayed): \(file) (mode \(mode.rawValue))"
  }

  /// Answers `request`: from the cassette when the mode replays and it matches, else from the
  /// wrapped transport, writing the exchange to disk before returning.
  ///
  /// - Throws: the match error in replay-only situations, `CassetteError.io` when the
  ///   interaction could not be written (the answer is then not returned), or whatever the
  ///   wrapped transport throws.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if let response = try replay(request) { return response }
    // Known before the request goes anywhere: a POST carried out upstream whose exchange
    // cannot be written would be lost (issue 31).
    try checkCanRecord(request)
    let sentAt = clock()
    let start = ContinuousClock.now
    var response = try await inner.send(request)
    if response.duration == .zero { response.duration = ContinuousClock.now - start }
    let interaction = Interaction(
      request: request, response: response, recordedAt: Self.iso(sentAt))
    if response.body.count + request.body.count < Self.offThreadBytes {
      try record(interaction)
    } else {
      // Printing a large exchange takes a while: not on the caller's thread, which may be a
      // server's I/O thread serving other connections (`serve --record`).
      try await Task.detached { try self.record(interaction) }.value
    }
    return response
  }

  /// As `send(_:)` for an inner transport whose answers are ready at once (the emulator):
  /// answered and recorded on the calling thread, with no task (`serve --record` without
  /// `--upstream` answers on its I/O thread as `serve` does).
  ///
  /// - Throws: as `send(_:)`.
  public func answerNow(_ request: HTTPRequest, from inner: any ImmediateGraphTransport) throws
    -> HTTPResponse
  {
    if let response = try replay(request) { return response }
    try checkCanRecord(request)
    let sentAt = clock()
    let start = ContinuousClock.now
    var response = try inner.answerNow(request)
    if response.duration == .zero { response.duration = ContinuousClock.now - start }
    try record(Interaction(request: request, response: response, recordedAt: Self.iso(sentAt)))
    return response
  }

  /// Records an exchange that already happened, without sending it again: a write the REPL's
  /// session made before `record` began (issue 42), so that what later requests depend on is
  /// in the cassette. Nothing when this recorder does not record.
  /// - Throws: `CassetteError` when the interaction could not be written.
  public func recordEarlier(_ request: HTTPRequest, _ response: HTTPResponse)
    throws(CassetteError)
  {
    guard recordsNew else { return }
    try checkCanRecord(request)
    try record(Interaction(request: request, response: response, recordedAt: Self.iso(clock())))
  }

  /// Exchanges of this many body bytes or more are recorded on a thread of the global
  /// executor, not the caller's. **[choice]**: 64 KiB, printed in well under a millisecond.
  static let offThreadBytes = 64 << 10

  /// The least free space a recording needs beside the request's own bytes. **[choice]**
  static let recordingHeadroom = 1 << 20

  /// Throws when the exchange of `request` could not be written: this recorder does not write
  /// (replay-only, no match), its folder is gone or not writable, or the disk has less free
  /// space than the request and `recordingHeadroom`.
  func checkCanRecord(_ request: HTTPRequest) throws(CassetteError) {
    guard recordsNew else { throw .wouldOverwrite(path: file, mode: mode) }
    guard !writesThrough else { return }
    // A read changes nothing where it is sent: when its exchange cannot be written the append
    // says so after the answer, and no `access` is paid per request. A write is checked first.
    guard Self.isRead(request) || access(directory, W_OK) == 0 else {
      throw .io(
        path: file, operation: "record to",
        reason: "folder \(directory) is missing or not writable; the request was not sent")
    }
    let needed = request.body.count + Self.recordingHeadroom
    let free = space.withLock { check -> Int? in
      let now = ContinuousClock.now
      guard check.isStale(needing: needed, now: now) else { return nil }
      var measured = statvfs()
      guard statvfs(directory, &measured) == 0 else { return nil }
      check = SpaceCheck(
        checkedAt: now, free: Int(measured.f_bavail) &* Int(measured.f_frsize))
      return check.free
    }
    if let free, free < needed {
      throw .io(
        path: file, operation: "record to",
        reason: "\(free) bytes free on its disk; the request was not sent")
    }
  }

  /// Whether `request` only reads (GET, HEAD, OPTIONS): sent when its exchange then cannot be
  /// written, it has changed nothing (issue 31 is about writes).
  static func isRead(_ request: HTTPRequest) -> Bool {
    switch request.method {
    case "GET", "HEAD", "OPTIONS": true
    default: false
    }
  }

  /// Syncs every interaction recorded so far to the disk before it returns (they are synced
  /// together within `GroupCommit.defaultWindow` anyway; this is for the end of a session).
  ///
  /// - Throws: `.io` when the sync, or an earlier one, failed.
  public func flush() throws(CassetteError) {
    let failure = state.withLock { $0.tail?.flush() }
    if let failure { throw .io(path: file, operation: "sync", reason: failure) }
  }

  /// Checks the file at most once a `interval` from now on (tests: `.zero` checks at every
  /// append, an hour lets a change behind the recorder go unnoticed until it is set back).
  func checksFile(every interval: Duration) {
    state.withLock { state in
      state.checkInterval = interval
      state.tail?.checkInterval = interval
    }
  }

  /// How many syncs recording took so far (tests read it).
  var syncCount: Int { state.withLock { $0.tail?.syncCount ?? 0 } }

  /// Attaches `expectation` to the interaction at `index` (the last recorded one when `nil`)
  /// and rewrites the cassette.
  ///
  /// - Throws: `.invalidField` when there is no such interaction, `.io` when writing fails.
  public func expect(_ expectation: Expectation, interaction index: Int? = nil)
    throws(CassetteError)
  {
    try state.withLock { state throws(CassetteError) in
      let target = index ?? (state.cassette.interactions.count - 1)
      guard state.cassette.interactions.indices.contains(target) else {
        throw .invalidField(
          path: file, interaction: index, field: "expect", problem: "no such interaction")
      }
      guard recordsNew else { throw .wouldOverwrite(path: file, mode: mode) }
      guard state.holdsAll else {
        throw .invalidField(
          path: file, interaction: index, field: "expect",
          problem: "this recorder keeps no copy of its interactions")
      }
      let previous = state.cassette.interactions[target].expect
      state.cassette.interactions[target].expect = expectation
      do throws(CassetteError) {
        try state.rewrite(file)
      } catch {
        state.cassette.interactions[target].expect = previous
        throw error
      }
    }
  }

  private func replay(_ request: HTTPRequest) throws(CassetteError) -> HTTPResponse? {
    try state.withLock { state throws(CassetteError) in
      guard state.playback != nil else { return nil }
      do throws(CassetteError) {
        let index = try state.playback!.next(for: request)
        state.replayed += 1
        return state.playback!.cassette.interactions[index].response
      } catch {
        if recordsNew { return nil }
        throw error
      }
    }
  }

  /// Redacts and appends `interaction`, writing the cassette before returning (internal so the
  /// crash test can drive it from a forked child without the concurrency runtime).
  func record(_ interaction: Interaction) throws(CassetteError) {
    try state.withLock { state throws(CassetteError) in
      if mode == .once, !existedAtStart, state.recorded == 0, FileIO.exists(file) {
        throw .wouldOverwrite(path: file, mode: mode)
      }
      let redacted = state.redactor.redact(interaction)
      let item = Cassette.arrayItem(redacted, memo: &state.printedHeaders)
      if let tail = state.tail, try tail.append(item) {
        if state.holdsAll { state.cassette.interactions.append(redacted) }
      } else {
        guard state.holdsAll else {
          throw .io(
            path: file, operation: "record to",
            reason: "the file was removed, replaced or truncated behind the recorder, which"
              + " keeps no copy of what it recorded; it is not rewritten")
        }
        state.cassette.interactions.append(redacted)
        do throws(CassetteError) {
          try state.rewrite(file)
        } catch {
          state.cassette.interactions.removeLast()
          throw error
        }
        // Followed by its tail now: what the file holds need not stay in memory too.
        if !keepsInteractions, state.tail != nil {
          state.cassette.interactions = []
          state.holdsAll = false
        }
      }
      space.withLock { $0.writtenSince += item.count }
      state.recorded += 1
    }
  }
}
