/// `help` pages of the commands that send requests: GET, POST, DELETE, next, prev, all, search,
/// batch.
extension CommandManual {
  /// The request items every method takes, as docs/commands.md's Line grammar has them.
  static let requestItems: [Option] = [
    Option("name=value", "a parameter as text (fields=id,name, limit=2)"),
    Option("name:=<json>", "a raw JSON value, sent as its compact text (tags:='[\"1\"]')"),
    Option("name@<file>", "a file upload; the request becomes multipart/form-data"),
    Option("name=@<file>", "the file's text as the value"),
    Option("name:=@<file>", "the file's JSON as the value, compacted"),
    Option("Name:Value", "an HTTP header (Accept-Language:fr_FR, Authorization:\"OAuth T\")"),
    Option("access_token=T", "sends T instead of the session's token (so does Authorization)"),
    Option("--offline", "prints the HTTP request that would be sent and sends nothing"),
    Option("--with-token", "with --offline: the token and other secrets unmasked"),
    Option(
      "--as ios-3.1|ios-3.24|legacy",
      "with --offline: the bytes this SDK would send, byte for byte"),
  ]

  static let requestPages: [String: Page] = [
    "GET": Page(
      details: [
        "The path may carry a version (v2.2/me) and a query; a full URL (a pasted paging.next)",
        "goes to its own host. The answer is a numbered exchange, shown under its status line",
        "HTTP 200 · v2.2 · 12 ms · #3 (the version that answered). A bare path (me, an id, a",
        "URL, anything with / or ?) is a GET without the word. Values may use $last.id, $#3.x.",
      ],
      options: requestItems,
      examples: [
        "GET me/friends?limit=2", "GET me fields=id,name,friends.limit(5){name}",
        "GET me Accept-Language:fr_FR --offline",
      ]),
    "POST": Page(
      details: [
        "Parameters go in a form body (application/x-www-form-urlencoded); a file upload makes",
        "it multipart/form-data. A create answers the new node's id ({\"id\": \"...\"}).",
      ],
      options: requestItems,
      examples: [
        #"POST me/feed message="hello world""#, "POST me/photos source@meal.png message=Lunch",
        "POST me/fb_sample_scrumps:eat meal=http://example.com/meal",
        "POST me/feed message=hi --offline --as ios-3.24",
      ]),
    "DELETE": Page(
      details: [
        "Parameters go in the query, as for GET. DELETE <id> deletes the person's own post,",
        "photo, comment, check-in or action; DELETE me/permissions/<name> takes one permission",
        "back, DELETE me/permissions removes the app. Graph answers true (from v2.1",
        "{\"success\": true}).",
      ],
      options: requestItems,
      examples: ["DELETE $last.id", "DELETE me/permissions/publish_actions"]),
    "search": Page(
      details: [
        "Sends GET search?q=<text>&type=... as the iOS SDK's place picker does; the words",
        "before the first name=value are the text. Without text, parameters alone search",
        "near a place (the place picker's nearby search).",
      ],
      options: [
        Option("type=place", "what to search: place (the default), user, page, event, group"),
        Option("center=lat,lng", "where to search from (places)"),
        Option("distance=m", "how far from center, in metres"),
        Option("limit=n", "how many results a page holds"),
      ],
      examples: [
        "search coffee type=place", "search type=place center=37.77,-122.42 distance=1000",
        "search bob type=user",
      ]
    ),
    "batch": Page(
      details: [
        "batch alone starts the block form: the prompt becomes batch> and each line typed is",
        "one request line until a line that says end. A label: before a line names the",
        "operation, so later lines can use {result=label:$.path}; name@file attaches a file.",
        "With a file: Graph's batch array; name@file words after it upload its attached files.",
        "The batch is one POST / and one numbered exchange; each operation's answer is shown",
        "with its own status ([1] HTTP 400) and its body decoded. A line that is no request",
        "line (!2, history) is refused as it is typed; the block goes on.",
      ],
      options: [
        Option("<file.json>", "Graph's batch array: method, relative_url, name, depends_on, ..."),
        Option("name@<file>", "after a file: uploads the file its operations attach as name"),
        Option("label:", "in the block form: names the operation the line sends"),
        Option("end", "in the block form: sends the operations typed so far"),
      ],
      examples: [
        "batch", "photo: POST me/photos source@meal.png message=Lunch",
        "GET {result=photo:$.id}?fields=id,source", "end",
        "batch photo-then-read.json file1@meal.png",
      ]),
  ]
}
