import GraphCassette
import GraphEmulator

/// Mints, on the emulator `verify` sends a cassette to, the tokens a recorded session used
/// (`RecordedSession`): a login of the recorded person with the recorded permissions the first
/// time, then the same token with what was revoked since taken away, or a new login when more
/// was granted (the REPL's `grant` mints a new token, as the SDK's reauthorisation does).
struct EmulatorSessionMinter: SessionMinter {
  /// Permissions every login holds, never compared.
  static let implied: Set<String> = ["public_profile", "basic_info"]

  let emulator: GraphEmulator

  func token(for session: RecordedSession, current: String?) -> String? {
    // A permission this emulator does not know (a live recording's) cannot be held here.
    let known = session.permissions.filter(GraphEmulator.permissionNames.contains)
    let wanted = Set(known).subtracting(Self.implied)
    if let current, let held = emulator.grantedPermissions(token: current) {
      let extra = Set(held).subtracting(Self.implied).subtracting(wanted)
      if wanted.isSubset(of: held) {
        guard !extra.isEmpty else { return current }
        return (try? emulator.revoke(extra.sorted(), token: current)).map { _ in current }
      }
    }
    return (try? emulator.login(session.person, permissions: known))?.token
  }
}
