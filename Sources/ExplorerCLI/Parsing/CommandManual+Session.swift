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
    "target": Page(
      details: [
        "Without a target, prints where requests go. live drops the emulator's token (use",
        "token <value> or FB_ACCESS_TOKEN); a URL reaches graph-explorer serve or any",
        "Graph-compatible server. Not while recording.",
      ],
      options: [
        Option("emulator", "the embedded emulator (the default)"),
        Option("live", "https://graph.facebook.com over the network"),
        Option("<url>", "an http(s) origin such as http://127.0.0.1:8080"),
      ],
      examples: ["target http://127.0.0.1:8080", "target live", "target emulator"]),
    "app": Page(
      details: [
        "The proof is the hex HMAC-SHA256 of the token keyed by the secret. The secret stays",
        "in memory: the line never reaches the history file and cassettes redact it.",
      ],
      options: [
        Option("<id>", "the app's id"),
        Option("<secret>", "the app secret: every request then carries appsecret_proof"),
        Option("clear", "forgets the app and its secret"),
      ],
      examples: ["app 233936543368280 5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", "app", "app clear"]),
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
