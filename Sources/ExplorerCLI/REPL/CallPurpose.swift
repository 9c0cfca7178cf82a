/// Why the REPL sends a request, which alone decides whether it goes through the recorder of
/// the cassette being recorded (issue 45: `whoami` was recorded because its call site chose the
/// recording transport). `Session.transport(for:)` is the only way to a transport.
enum CallPurpose: Sendable, Hashable, CaseIterable {
  /// A request the person asked for (a typed request, `next`, `all`, `!n`): in the history
  /// and in the cassette.
  case exchange
  /// What `login`, `grant`, `revoke` and `logout` leave in a cassette being recorded or
  /// replayed (`GET me?fields=id,permissions`), so a replay sees the change.
  case trace
  /// A look-up made aside (completion's and hints' `metadata=1`, `whoami`, a served login's
  /// calls): in neither the history nor a cassette.
  case lookup

  /// Whether a call of this purpose goes through the recorder.
  var isRecorded: Bool { self != .lookup }
}
