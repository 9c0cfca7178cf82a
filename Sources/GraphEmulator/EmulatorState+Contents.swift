extension EmulatorState {
  /// What the emulator's answers are made from, apart from the clock: written only through
  /// `EmulatorState.mutate`, so every change starts a new generation of the answer memo.
  struct Contents: Sendable {
    var world: World
    /// The next new-object number.
    var nextID = 1
    /// The next minted-token number.
    var nextToken = 1
    /// Throttling: calls allowed per window (see `Router.throttleUsage`), `nil` when off.
    var throttle: Int?
    var windowStart = 0
    var callsInWindow = 0
    /// The last status message per user, for error 506.
    var lastStatus: [String: String] = [:]
    /// What has been written, against the write budget.
    var written = WriteBudget()
    /// OAuth codes, app requests, app events, test users, photo bytes (issue 13).
    var surface = SurfaceState()

    /// A fresh numeric id: `base` followed by the sequence number.
    mutating func newID(prefix: String = "10153") -> String {
      defer { nextID += 1 }
      let number = String(nextID)
      return prefix + String(repeating: "0", count: max(0, 10 - number.count)) + number
    }
  }
}
