/// What `help <command>` adds to a command's usage and summary: what it does in more words,
/// and examples. One entry per command, as data; `CommandReferenceTests` checks that every
/// example is also in that command's section of docs/commands.md.
enum CommandManual {
  struct Page: Equatable, Sendable {
    /// Lines of explanation: options, forms, what is printed.
    var details: [String]
    /// Lines a person can type, each exactly as docs/commands.md shows it.
    var examples: [String]
  }

  static let pages: [String: Page] = [
    "GET": Page(
      details: [
        "name=value sends text, name:=<json> a JSON value, name@<file> an upload;",
        "Name:Value is a header, name=@file a file's text; access_token= wins over the token.",
        "--offline prints the request instead of sending it (--with-token unmasks it).",
      ],
      examples: [
        "GET me/friends?limit=2", "GET me fields=id,name,friends.limit(5){name}",
        "GET me Accept-Language:fr_FR --offline",
      ]),
    "POST": Page(
      details: ["Parameters go in a form body; a file upload makes it multipart/form-data."],
      examples: [
        #"POST me/feed message="hello world""#, "POST me/photos source@meal.png message=Lunch",
      ]),
    "all": Page(
      details: [
        "--max N stops after N items. The merged {\"data\": [...]} becomes exchange #n.",
        "Ctrl-C stops between pages or inside a page request and keeps what arrived.",
      ],
      examples: ["all --max 100"]),
    "search": Page(
      details: ["Without text, parameters alone search near a place (the place picker's search)."],
      examples: [
        "search coffee type=place", "search type=place center=37.77,-122.42 distance=1000",
      ]
    ),
    "batch": Page(
      details: [
        "batch alone starts the block form: the prompt becomes batch> and each line typed is",
        "one request line until a line that says end. A label: before a line names the",
        "operation, so later lines can use {result=label:$.path}; name@file attaches a file.",
        "With a file: Graph's batch array; name@file words after it upload its attached files.",
      ],
      examples: [
        "batch", "photo: POST me/photos source@meal.png message=Lunch",
        "GET {result=photo:$.id}?fields=id,source", "end",
        "batch photo-then-read.json file1@meal.png",
      ]),
    "token": Page(
      details: [
        "The emulator's own tokens are shown in full while it is the target, others masked;",
        "--show shows any token in full. A test token's name (alice-publish) sets that token.",
      ],
      examples: ["token alice-publish", "token --show", "token clear"]),
    "record": Page(
      details: [
        "Modes: once (the default: records a new cassette, replays an existing one), new_episodes,",
        "none, all. It says what it will do and which target answers.",
      ],
      examples: ["record c.json --mode new_episodes", "record stop"]),
  ]
}
