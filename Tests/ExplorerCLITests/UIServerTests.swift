import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import ExplorerCLI

/// `graph-explorer ui`'s server side in process: the guards on every call, the JSON API over
/// the session, the login dialog it carries for Get Token (issue 47). The page in a browser:
/// `UIBrowserTests`.
@Suite struct UIServerTests {
  static let key = "0123456789abcdef0123456789abcdef"
  static let origin = "http://127.0.0.1:8088"

  static func transport(_ arguments: [String] = []) throws -> UITransport {
    let options = try UIOptions(parsing: arguments)
    let session = try Backend.make(options.repl).session(token: nil)
    return UITransport(controller: UIController(session: session), key: key)
  }

  static func call(
    _ transport: UITransport, _ name: String, _ body: JSONValue = [:],
    headers: HTTPHeaders = ["X-Explorer-Key": key, "Origin": origin]
  ) async throws -> (Int, JSONValue) {
    let answer = try await transport.send(
      HTTPRequest(
        method: "POST", url: origin + "/api/" + name, headers: headers,
        body: Array(body.compactText.utf8)))
    return (answer.status, (try? JSONParser.parse(answer.body)) ?? .string(answer.bodyText))
  }

  @Test func thePageCarriesTheKeyAndAStrictPolicy() async throws {
    let transport = try Self.transport()
    let page = try await transport.send(HTTPRequest(url: Self.origin + "/"))
    #expect(page.status == 200)
    #expect(page.bodyText.contains("content=\"\(Self.key)\""))
    let policy = page.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
    #expect(!policy.contains("unsafe"))
    #expect(page.headers["X-Content-Type-Options"] == "nosniff")
    #expect(page.headers["X-Frame-Options"] == "DENY")
    let script = try await transport.send(HTTPRequest(url: Self.origin + "/ui.js"))
    #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(!script.bodyText.contains("http://") && !script.bodyText.contains("https://cdn"))
  }

  /// The page's script sets data only as text: no HTML parsing of anything, no eval.
  @Test func theScriptNeverParsesDataAsHTML() {
    for sink in [
      "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
      "new Function", "setTimeout(\"",
    ] {
      #expect(!UIScript.text.contains(sink), "\(sink)")
    }
  }

  @Test func callsWithoutThePagesKeyFromElsewhereOrToAnotherNameAreRefused() async throws {
    let transport = try Self.transport()
    #expect(try await Self.call(transport, "state", headers: [:]).0 == 403)
    #expect(
      try await Self.call(transport, "state", headers: ["X-Explorer-Key": "0" + Self.key]).0 == 403)
    let elsewhere: HTTPHeaders = ["X-Explorer-Key": Self.key, "Origin": "http://evil.example"]
    #expect(try await Self.call(transport, "state", headers: elsewhere).0 == 403)
    let crossSite: HTTPHeaders = ["X-Explorer-Key": Self.key, "Sec-Fetch-Site": "cross-site"]
    #expect(try await Self.call(transport, "state", headers: crossSite).0 == 403)
    let rebound = try await transport.send(
      HTTPRequest(
        method: "POST", url: "http://evil.example:8088/api/state",
        headers: ["X-Explorer-Key": Self.key], body: Array("{}".utf8)))
    #expect(rebound.status == 421)
    let get = try await transport.send(
      HTTPRequest(url: Self.origin + "/api/state", headers: ["X-Explorer-Key": Self.key]))
    #expect(get.status == 403)
    let (status, answer) = try await Self.call(transport, "line", ["line": "shell ls"])
    #expect(status == 400 && answer["error"]?.stringValue?.contains("runs only") == true)
  }

  @Test func sendsThroughTheSessionAndExplainsAnError() async throws {
    let transport = try Self.transport()
    let (status, state) = try await Self.call(transport, "state")
    #expect(status == 200)
    let versions = state["versions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(versions.first == "v1.0" && versions.last == "v27.0")
    #expect(state["token"]?.stringValue == "***********", "the token masked")
    #expect(state["people"]?.arrayValue?.isEmpty == false)
    let (_, me) = try await Self.call(
      transport, "send",
      ["method": "GET", "version": "v2.2", "path": "me?fields=id,name", "params": []])
    #expect(me["status"] == 200 && me["number"] == 1 && me["version"] == "v2.2")
    #expect(me["body"]?.stringValue == #"{"id":"100001000000001","name":"Alice Whitfield"}"#)
    #expect(me["explain"] == .null)
    // One Get Code tab per declared language, in the declaration's order, with its title.
    let tabs = me["code"]?.arrayValue ?? []
    #expect(
      tabs.compactMap { $0["language"]?.stringValue } == CodeLanguage.allCases.map(\.rawValue))
    #expect(
      tabs.compactMap { $0["title"]?.stringValue }
        == CodeLanguage.allCases.map(\.declaration.title))
    for tab in tabs {
      let code = tab["text"]?.stringValue ?? ""
      #expect(!code.isEmpty && !code.contains("CAAEmuAlice"), "\(tab)")
    }
    #expect(tabs.first?["text"]?.stringValue?.contains("<ACCESS_TOKEN>") == true)
    let (_, post) = try await Self.call(
      transport, "send",
      ["method": "POST", "version": "v2.2", "path": "me/feed", "params": [["message", "hi"]]])
    #expect(post["status"] == 403)
    let explain = post["explain"]?.stringValue ?? ""
    #expect(explain.contains("FBErrorCategoryPermissions"))
    let sent = post["url"]?.stringValue ?? ""
    #expect(sent.hasSuffix("/v2.2/me/feed") && !sent.contains("CAAEmuAlice"))
    let (_, again) = try await Self.call(transport, "exchange", ["number": 1])
    #expect(again["body"] == me["body"])
    let (_, after) = try await Self.call(transport, "state")
    #expect(after["history"]?.arrayValue?.count == 2)
  }

  /// A file from the parameters editor goes multipart to the emulator's photo upload, as the
  /// REPL's `source@file`; the history shows `source@name`, and Get Code writes the upload.
  @Test func aFileFromTheParametersEditorIsUploaded() async throws {
    let transport = try Self.transport()
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]
    let (status, photo) = try await Self.call(
      transport, "send",
      [
        "method": "POST", "version": "v2.2", "path": "me/photos",
        "params": [["message", "lunch"], ["access_token", "alice-publish"]],
        "files": [
          ["source", "../dir/meal\".jpg", "image/jpeg", .string(Data(bytes).base64EncodedString())]
        ],
      ])
    #expect(status == 200 && photo["status"] == 200, "\(photo)")
    #expect(photo["line"]?.stringValue?.hasSuffix(#"source@meal_.jpg"#) == true, "\(photo)")
    let answer = try JSONParser.parse(Array((photo["body"]?.stringValue ?? "").utf8))
    let id = try #require(answer["id"]?.stringValue)
    let (_, read) = try await Self.call(
      transport, "send",
      [
        "method": "GET", "version": "v2.2", "path": .string(id),
        "params": [["access_token", "alice-publish"]],
      ])
    #expect(read["status"] == 200, "the photo is there: \(read)")
    let php =
      photo["code"]?.arrayValue?.first { $0["language"] == "php" }?["text"]?.stringValue ?? ""
    #expect(php.contains(#""source" => $fb->fileToUpload("meal_.jpg")"#), "\(php)")
    let (refused, error) = try await Self.call(
      transport, "send",
      ["method": "POST", "path": "me/photos", "files": [["source", "a.jpg", "", "%%%"]]])
    #expect(refused == 400 && error["error"]?.stringValue?.contains("a.jpg") == true)
  }

  @Test func metadataGivesTheFieldTreeOfANodeAndOfAnEdgesItems() async throws {
    let transport = try Self.transport()
    let (_, me) = try await Self.call(transport, "metadata", ["path": "me", "version": "v2.2"])
    let names = me["fields"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(me["type"] == "user" && names.contains("email"))
    #expect(me["fields"]?[0]?["description"]?.stringValue?.isEmpty == false)
    #expect(me["connections"]?.arrayValue?.contains("friends") == true)
    let (_, friends) = try await Self.call(
      transport, "metadata", ["path": "me/friends", "version": "v2.2"])
    #expect(friends["type"] == "user")
    let (_, state) = try await Self.call(transport, "state")
    #expect(state["history"]?.arrayValue?.isEmpty == true, "metadata stays out of the history")
  }

  /// Get Token: the emulator's dialog through the page's origin, its redirect to /callback
  /// carrying the token, the token set, its info, then a Page's token in one call.
  @Test func theLoginDialogGivesATokenAndAPageTokenFollows() async throws {
    let transport = try Self.transport(["--deterministic-secrets"])
    var query = QueryItems()
    query.append("client_id", "233936543368280")
    query.append("redirect_uri", Self.origin + "/callback")
    query.append("response_type", "token")
    query.append("scope", "publish_actions,manage_pages")
    query.append("state", "s1")
    let dialog = Self.origin + "/v2.2/dialog/oauth"
    let page = try await transport.send(HTTPRequest(url: dialog + "?" + query.formEncoded))
    #expect(page.status == 200)
    #expect(page.headers["Content-Security-Policy"] == UITransport.dialogPolicy)
    let formToken = try #require(REPL.formToken(page.bodyText))
    query.append("person", "100001000000001")
    query.append("fb_dtsg", formToken)
    query.append("decision", "approve")
    let approved = try await transport.send(
      HTTPRequest(
        method: "POST", url: dialog,
        headers: [
          "Content-Type": "application/x-www-form-urlencoded", "Origin": Self.origin,
        ], body: Array(query.formEncoded.utf8)))
    #expect(approved.status == 302)
    let location = approved.headers["Location"] ?? ""
    #expect(location.hasPrefix(Self.origin + "/callback#access_token="))
    let fragment = QueryItems(parsing: String(location.split(separator: "#")[1]))
    let token = try #require(fragment["access_token"])
    let (_, info) = try await Self.call(transport, "token", ["token": .string(token)])
    let scopes = info["info"]?["data"]?["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(scopes.contains("publish_actions") && scopes.contains("manage_pages"))
    #expect(info["token"]?.stringValue != token, "shown masked")
    let pageID = "146903518661553"
    let (status, pageInfo) = try await Self.call(transport, "pagetoken", ["page": .string(pageID)])
    #expect(status == 200)
    #expect(pageInfo["info"]?["data"]?["type"] == "PAGE")
    #expect(pageInfo["info"]?["data"]?["profile_id"]?.stringValue == pageID)
  }

  @Test func optionsAreThoseOfTheREPLThatChooseWhatAnswers() throws {
    let options = try UIOptions(parsing: ["--port", "0", "--world", "w.json", "--record", "c.json"])
    #expect(options.port == 0 && options.repl.world == "w.json" && options.repl.record == "c.json")
    #expect(throws: OptionError.unknown("--raw")) { try UIOptions(parsing: ["--raw"]) }
    #expect(throws: OptionError.invalid("--record and --replay exclude each other")) {
      try UIOptions(parsing: ["--record", "a", "--replay", "b"])
    }
    #expect(UIOptions.usage.text.contains("--target"))
  }

  @Test func helpAndUsageErrorsSayWhatAndWhere() async {
    let help = await ScriptModeTests.run("", ["ui", "--help"])
    #expect(help.status == .success && help.output.hasPrefix("usage: graph-explorer ui"))
    #expect(help.output.contains("--replay FILE") && help.output.contains("docs/ui.md"))
    let listed = await ScriptModeTests.run("", ["--help"])
    #expect(listed.output.contains("  ui ") && listed.output.contains("on 127.0.0.1"))
    let bad = await ScriptModeTests.run("", ["ui", "--port", "70000"])
    #expect(bad.status == .usage)
    #expect(bad.errors.hasPrefix("graph-explorer ui: --port: '70000' is not a port number"))
    let world = await ScriptModeTests.run("", ["ui", "--world", "/nonexistent.json"])
    #expect(world.status == .usage && world.errors.contains("/nonexistent.json"))
  }

  /// The dialog is the session's emulator's: with another target its tokens would be unknown
  /// there, so Get Token is refused (the page says to paste a token).
  @Test func theDialogNeedsTheEmulatorAsTheTarget() async throws {
    let transport = try Self.transport(["--target", "http://127.0.0.1:9"])
    let page = try await transport.send(
      HTTPRequest(url: Self.origin + "/v2.2/dialog/oauth?client_id=233936543368280"))
    #expect(page.status == 404 && page.bodyText.hasPrefix("Get Token needs the emulator"))
    #expect(UIScript.text.contains("state.target !== \"emulator\""))
  }
}
