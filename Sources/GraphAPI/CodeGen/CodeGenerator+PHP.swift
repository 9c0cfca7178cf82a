import GraphJSON

extension CodeGenerator {
  /// The PHP SDK 5 (`facebook/graph-sdk`): `$fb->get('/path?query', token)`,
  /// `$fb->post('/path', [params], token)` or `$fb->delete(...)` in the try/catch of
  /// `FacebookResponseException` and `FacebookSDKException`, the version as the
  /// `default_graph_version` of the `Facebook\Facebook` object. The SDK adds
  /// `appsecret_proof` itself (from `app_secret`) with every token, so it is not a parameter;
  /// the app id and secret are always placeholders. An upload is `$fb->fileToUpload(path)`.
  func php(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    let items = hidingSecrets(request.parameters)
    var out =
      "<?php\n"
      + Self.heading(
        "Facebook PHP SDK 5 (facebook/graph-sdk).", client: "The SDK", headers: headers)
    if request.accessToken != nil {
      out += "// The SDK adds appsecret_proof, made from app_secret, to every call with a token.\n"
    }
    var config = ["  'app_id' => '<APP_ID>',", "  'app_secret' => '<APP_SECRET>',"]
    if let version = request.version {
      config.append("  'default_graph_version' => '\(version)',")
    } else {
      out += "// The request named no version: the SDK sends its default_graph_version.\n"
    }
    var arguments: [String]
    let path = "/" + nodePath(of: request)
    if request.method == .get {
      let query = items.isEmpty ? "" : "?" + Self.readablePlaceholders(items.queryString)
      arguments = [Self.phpString(path + query)]
    } else {
      var entries = items.map { "    \(Self.phpString($0.name)) => \(Self.phpString($0.value)),\n" }
      entries += request.uploads.map {
        "    \(Self.phpString($0.name)) => $fb->fileToUpload(\(Self.phpString($0.filename))),\n"
      }
      arguments = [Self.phpString(path), entries.isEmpty ? "[]" : "[\n" + entries.joined() + "  ]"]
    }
    if let token = token(of: request) { arguments.append(Self.phpString(token)) }
    out += """
      require_once __DIR__ . '/vendor/autoload.php';

      $fb = new Facebook\\Facebook([
      \(config.joined(separator: "\n"))
      ]);

      try {
        $response = $fb->\(request.method.rawValue.lowercased())(\(arguments.joined(separator: ", ")));
      } catch (Facebook\\Exceptions\\FacebookResponseException $e) {
        echo 'Graph error: ', $e->getMessage(), "\\n";
        exit(1);
      } catch (Facebook\\Exceptions\\FacebookSDKException $e) {
        echo 'SDK error: ', $e->getMessage(), "\\n";
        exit(1);
      }
      print_r($response->getDecodedBody());

      """
    return out
  }

  /// A PHP string literal in double quotes: backslash, quote and `$` escaped, control
  /// characters as octal escapes.
  static func phpString(_ text: String) -> String {
    "\""
      + text.escapingScalars { scalar in
        if scalar == "$" { return "\\$" }
        if let escape = String.backslashEscapes[scalar] { return escape }
        guard String.isControl(scalar) else { return nil }
        return "\\" + String(scalar.value, radix: 8).leftPadded(to: 3)
      } + "\""
  }
}
