/// Tab completion with what the session has learned.
extension REPL {
  /// What Tab offers for `before` (the line up to the cursor).
  func completion(for before: String) -> Completion {
    if let path = Completer.pathNeedingMetadata(before) { session.learnMetadata(of: path) }
    return Completer(catalog: session.catalog, permissions: permissionNames).complete(before)
  }

  /// Permission names offered after `login`, `grant` and `revoke`.
  var permissionNames: [String] {
    [
      "public_profile", "email", "user_friends", "user_birthday", "user_photos", "user_likes",
      "user_checkins", "user_location", "user_posts", "publish_actions", "publish_stream",
      "publish_checkins", "photo_upload", "manage_pages", "read_stream",
    ]
  }
}
