import GraphJSON

extension CodeGenerator {
  /// Java with the Android SDK (4.x and later): `GraphRequest.newGraphPathRequest` and
  /// `setParameters` for a GET, `new GraphRequest(token, path, parameters, HttpMethod.X,
  /// callback)` otherwise, then `executeAsync()`. A versioned path (`v2.2/me`) is sent as it is
  /// (the SDK keeps a path's own version); an upload goes as a `file://` Uri, which the SDK
  /// sends as a multipart attachment.
  func android(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    var out = Self.heading(
      "Facebook Android SDK 4.x and later.", client: "GraphRequest", headers: headers)
    var items = parametersWithProof(of: request)
    var accessToken = "AccessToken.getCurrentAccessToken()"
    if let token = token(of: request), includeToken {
      out += "// With no AccessToken object, the access_token parameter is sent as it is.\n"
      items["access_token"] = token
      accessToken = "null"
    } else if request.accessToken == nil {
      accessToken = "null"
    }
    if request.version == nil {
      out += "// The path names no version: the SDK adds its own.\n"
    }
    let hasParameters = !items.isEmpty || !request.uploads.isEmpty
    if hasParameters {
      out += "Bundle parameters = new Bundle();\n"
      for item in items {
        out +=
          "parameters.putString(\(Self.javaString(item.name)), \(Self.javaString(item.value)));\n"
      }
      for upload in request.uploads {
        out +=
          "parameters.putParcelable(\(Self.javaString(upload.name)), Uri.fromFile(new File(\(Self.javaString(upload.filename)))));\n"
      }
    }
    let callback = """
          new GraphRequest.Callback() {
            @Override
            public void onCompleted(GraphResponse response) {
              if (response.getError() != null) {
                Log.e("Graph", response.getError().toString());
              } else {
                Log.d("Graph", response.getRawResponse());
              }
            }
          });
      """
    let path = Self.javaString(versionedPath(of: request))
    if request.method == .get {
      out += "GraphRequest request = GraphRequest.newGraphPathRequest(\n"
      out += "    \(accessToken),\n    \(path),\n\(callback)\n"
      if hasParameters { out += "request.setParameters(parameters);\n" }
    } else {
      out += "GraphRequest request = new GraphRequest(\n"
      out += "    \(accessToken),\n    \(path),\n    \(hasParameters ? "parameters" : "null"),\n"
      out += "    HttpMethod.\(request.method.rawValue),\n\(callback)\n"
    }
    out += "request.executeAsync();\n"
    return out
  }

  /// A Java string literal (octal escapes for control characters: a `\u` escape would be
  /// read before the string itself).
  static func javaString(_ text: String) -> String {
    "\"" + cStyleEscaped(text) + "\""
  }

  /// An SDK's code's first comment lines: `title`, then the line's headers, which the SDK's
  /// `client` cannot send.
  static func heading(_ title: String, client: String, headers: [HTTPHeaders.Field]) -> String {
    let unsent = nonAuthorization(headers)
    guard !unsent.isEmpty else { return "// \(title)\n" }
    return "// \(title)\n// \(client) cannot send headers; not sent: "
      + unsent.map { cStyleEscaped("\($0.name): \($0.value)") }.joined(separator: ", ") + "\n"
  }
}
