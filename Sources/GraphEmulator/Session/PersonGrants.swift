/// What one person granted and declined the app, kept across logins: Graph keeps permissions
/// per person and app, so a login that asks only for a new permission adds it to those
/// granted before ("Managing Permissions", Facebook Login for the Web), and a declined one
/// stays declined until the app asks again with `auth_type=rerequest` ("Handling Declined
/// Permissions").
struct PersonGrants: Sendable, Hashable {
  /// Granted permissions, in grant order.
  var granted: [String] = []
  /// Declined (or revoked) permissions, in the order they were declined.
  var declined: [String] = []

  /// `granted` adds to the grants and leaves the declined list; `declined` (those not
  /// granted) joins it.
  mutating func record(granted new: [String], declined refused: [String] = []) {
    granted = GraphEmulator.adding(new, to: granted)
    declined.removeAll { new.contains($0) }
    declined = GraphEmulator.adding(refused.filter { !granted.contains($0) }, to: declined)
  }

  /// Takes `names` back: no longer granted, listed as declined.
  mutating func revoke(_ names: [String]) {
    granted.removeAll { names.contains($0) }
    declined = GraphEmulator.adding(names, to: declined)
  }
}

extension EmulatorState {
  /// What `userID` granted and declined the app (nothing before a login here: the world's
  /// test tokens carry their own scopes).
  func grants(of userID: String) -> PersonGrants {
    self.surface.grants[userID] ?? PersonGrants()
  }

  /// Records a login's grants and declines for `userID`; returns everything the person has
  /// granted the app, which the new token holds.
  mutating func recordGrants(
    _ userID: String, granted: [String], declined: [String] = []
  ) -> [String] {
    var grants = grants(of: userID)
    grants.record(granted: granted, declined: declined)
    mutate { $0.surface.grants[userID] = grants }
    return grants.granted
  }

  /// `DELETE me/permissions/<name>`: the permissions leave the person's grants and every token
  /// of theirs, and are listed as declined.
  mutating func revokeGrants(_ names: [String], userID: String) {
    var grants = grants(of: userID)
    grants.revoke(names)
    mutate { contents in
      contents.surface.grants[userID] = grants
      for (token, record) in contents.world.tokens
      where record.userID == userID && record.scopes.contains(where: names.contains) {
        contents.world.tokens[token]?.scopes.removeAll { names.contains($0) }
      }
    }
  }

  /// `DELETE me/permissions`: the person removed the app; a later login starts afresh.
  mutating func forgetGrants(of userID: String) {
    mutate { $0.surface.grants[userID] = nil }
  }
}
