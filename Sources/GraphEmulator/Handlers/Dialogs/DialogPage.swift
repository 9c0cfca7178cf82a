import GraphAPI
import GraphJSON

/// A dialog's HTML page: plain HTML forms, no script, so a person (or a test driving a
/// browser) can read it and press its buttons.
struct DialogPage {
  var title: String
  var body: String

  /// `text` for element content or a quoted attribute (control characters as U+FFFD).
  static func escape(_ text: String) -> String { HTMLText.escaped(text) }

  /// Hidden inputs carrying `names` from the call into the form's POST.
  static func hidden(_ call: GraphCall, _ names: [String]) -> String {
    names.compactMap { name in
      call[name].map {
        "<input type=\"hidden\" name=\"\(escape(name))\" value=\"\(escape($0))\">"
      }
    }.joined(separator: "\n")
  }

  /// The two buttons every dialog ends with.
  static func buttons(approve: String, cancel: String = "Cancel") -> String {
    "<p class=\"buttons\"><button type=\"submit\" name=\"decision\" value=\"approve\" "
      + "id=\"approve\">\(escape(approve))</button>\n"
      + "<button type=\"submit\" name=\"decision\" value=\"cancel\" id=\"cancel\">"
      + "\(escape(cancel))</button></p>"
  }

  /// An error page (unknown app, a redirect_uri the app does not allow, ...).
  static func error(_ title: String, _ message: String) -> Outcome {
    DialogPage(
      title: title,
      body: "<h1>\(escape(title))</h1>\n<p id=\"error\">\(escape(message))</p>"
    ).outcome
  }

  var outcome: Outcome {
    let html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>
      body{font-family:Helvetica,Arial,sans-serif;background:#e9ebee;margin:0}
      header{background:#3b5998;color:#fff;padding:10px 16px;font-weight:bold}
      main{background:#fff;margin:16px;padding:16px;border:1px solid #dddfe2;border-radius:4px}
      h1{font-size:18px;margin-top:0} li{margin:3px 0}
      #people{columns:2;font-size:13px;list-style:none;padding-left:0}
      .buttons button{font-size:14px;padding:6px 14px;margin-right:8px}
      #approve{background:#4267b2;color:#fff;border:1px solid #4267b2}
      </style></head>
      <body><header>facebook · graph-explorer emulator</header>
      <main>
      \(body)
      </main></body></html>

      """
    return .document(contentType: "text/html; charset=utf-8", body: Array(html.utf8))
  }
}

/// Builds a redirect URL: `base` with `query` appended (after `?` or `&`) and an optional
/// fragment, form-encoded with `+` for a space as Facebook writes them.
enum DialogRedirect {
  static func encode(_ items: QueryItems) -> String {
    items.formEncoded.replacingAll("%20", with: "+")
  }

  static func url(_ base: String, query: QueryItems = QueryItems(), fragment: QueryItems? = nil)
    -> String
  {
    var out = base
    if !query.items.isEmpty {
      out += (base.contains("?") ? "&" : "?") + encode(query)
    }
    if let fragment { out += "#" + encode(fragment) }
    return out
  }
}
