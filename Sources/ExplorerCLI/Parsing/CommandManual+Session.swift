/// `help` pages of the commands that set up the session: token, version, target, app, login,
/// dialog, events, grant, revoke, logout, reset.
extension CommandManual {
  static let sessionPages: [String: Page] = [
    "login": Page(
      details: [
        "The person is an id, a username, a first name or a full name; the session gets",
        "public_profile plus the permissions named and a fresh token, as FBSession",
        "openWithPermissions would. A mistyped person or permission gets a \"did you mean\".",
      ],
      options: [
        Option("--code-flow", "the web server's way: the OAuth dialog, then its code exchanged"),
        Option("<person>", "who logs in (the default user when left out)"),
        Option("<permission>", "a permission asked for (Tab lists them)"),
        Option("--scope a,b", "the permissions as the OAuth dialog's scope spells them"),
      ],
      examples: [
        "login bob publish_actions", "login --code-flow alice user_photos",
        "login alice --scope user_photos,publish_actions",
      ])
  ]
}
