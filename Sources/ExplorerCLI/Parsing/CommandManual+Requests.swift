/// `help` pages of the request methods: GET, POST, DELETE.
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
    Option("--as NAME", SDKWireForm.names + ": sent as that SDK sends it"),
  ]

  static let requestPages: [String: Page] = [
    "GET": Page(
      details: [
        "The path may carry a version (v2.2/me) and a query; a full URL (a pasted paging.next)",
        "goes to its own host. The answer is a numbered exchange, shown under its status line",
        "HTTP 200 · v2.2 · 12 ms · #3 (the version that answered). A bare path (me, an id, a",
        "URL, anything with / or ?) is a GET without the word. Values may use $last.id, $#3.x",
        "and the variables let set ($pid).",
      ],
      options: requestItems,
      examples: [
        "GET me/friends?limit=2", "GET me fields=id,name,friends.limit(5){name}",
        "GET me Accept-Language:fr_FR --offline", "GET me fields=id --as ios-3.24",
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
  ]
}
