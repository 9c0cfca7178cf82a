/// `help` pages of the commands that set up the session: token, version, target, app, login,
/// dialog, events, grant, revoke, logout, reset.
extension CommandManual {
  static let sessionPages: [String: Page] = [
    "token": Page(
      details: [
        "The emulator's own tokens are shown in full while it is the target, others masked;",
        "--show shows any token in full. A test token's name (alice-publish) sets that token.",
        "A line that sets a token is never written to the history file.",
      ],
      options: [
        Option("<value>", "uses this token from now on (or a test token's name)"),
        Option("clear", "sends no token"),
        Option("--show", "prints the token in full"),
        Option("exchange", "trades it for a 60-day token with the app's id and secret"),
      ],
      examples: ["token alice-publish", "token --show", "token exchange", "token clear"]),
    "version": Page(
      details: [
        "Without a version, prints the one in use. A version Graph never had is refused with",
        "the list; Tab offers every version there has been. A version in a path wins.",
      ],
      options: [
        Option("vX.Y", "puts /vX.Y/ before every path"),
        Option("latest", "the newest Graph version"),
        Option("none", "unversioned paths: the app's default version answers"),
      ],
      examples: ["version v2.0", "version latest", "version none"]),
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
      ]),
  ]
}
