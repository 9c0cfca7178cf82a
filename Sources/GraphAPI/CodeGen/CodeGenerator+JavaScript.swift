import GraphJSON

extension CodeGenerator {
  /// The JavaScript SDK: `FB.api(path, method, params, callback)`, the version being the one
  /// given to `FB.init`. `FB.api` sends no files, so an upload is written as the page's own
  /// `fetch` of a `FormData` (the file from an `<input type="file">` whose id is the field's
  /// name), the token as a form field.
  func javaScript(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    let title =
      "Facebook JavaScript SDK"
      + (request.version.map { ", after FB.init({ appId: \"<APP_ID>\", version: \"\($0)\" })." }
        ?? " (the request named no version: FB.init's is sent).")
    var out = Self.heading(title, client: "FB.api", headers: headers)
    if !request.uploads.isEmpty { return out + javaScriptUpload(request) }
    var items = parametersWithProof(of: request)
    if let token = token(of: request), includeToken {
      out += "// The access_token parameter wins over the SDK's own token.\n"
      items["access_token"] = token
    } else if request.accessToken != nil {
      out += "// The SDK adds the token of the person logged in with FB.login.\n"
    }
    let parameters =
      "{"
      + items.map { "\(Self.jsString($0.name)): \(Self.jsString($0.value))" }
      .joined(separator: ", ") + "}"
    out += """
      FB.api(
        \(Self.jsString("/" + nodePath(of: request))),
        \(Self.jsString(request.method.rawValue)),
        \(parameters),
        function (response) {
          if (response && !response.error) {
            console.log(response);
          } else {
            console.error(response.error);
          }
        }
      );

      """
    return out
  }

  /// An upload as `fetch` and `FormData`: FB.api cannot send a file.
  private func javaScriptUpload(_ request: GraphRequest) -> String {
    var out =
      "// FB.api sends no files: the form goes with fetch, each file from an <input type=\"file\">.\n"
    out += "const form = new FormData();\n"
    for item in wireParameters(of: request) {
      out += "form.append(\(Self.jsString(item.name)), \(Self.jsString(item.value)));\n"
    }
    for upload in request.uploads {
      out +=
        "form.append(\(Self.jsString(upload.name)), document.getElementById(\(Self.jsString(upload.name))).files[0], \(Self.jsString(upload.filename)));\n"
    }
    out += """
      fetch(\(Self.jsString(baseURL + request.encodedPath)), { method: \(Self.jsString(request.method.rawValue)), body: form })
        .then((response) => response.json())
        .then((result) => console.log(result));

      """
    return out
  }

  /// A JavaScript string literal in double quotes: control characters and the two line
  /// separators (not allowed in a string before ES2019) as `\u{...}`.
  static func jsString(_ text: String) -> String {
    "\""
      + text.escapingScalars { scalar in
        if let escape = String.backslashEscapes[scalar] { return escape }
        guard String.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
        else { return nil }
        return "\\u{\(String(scalar.value, radix: 16))}"
      } + "\""
  }
}
