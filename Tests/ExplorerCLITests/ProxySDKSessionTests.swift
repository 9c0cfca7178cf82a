import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

/// Issues 42, 43 and 45 on one session: an app on the iOS SDK 3.24, in the SDK's own bytes,
/// through `graph-explorer proxy --record --upstream <serve>` (the client reaches the proxy as
/// HTTPS_PROXY and trusts its CA: Tests/Interop/sdk_through_proxy.py): the login dialog as the
/// web view walks it, `me` and `me/permissions`, pictures, an edge paged twice (a
/// pull-to-refresh), publish_actions asked alone with `auth_type=rerequest`, the book's new
/// read permission, a status, a photo uploaded in a batch with `{result=}` and read back, and
/// another person who unticks a permission. Then `verify` (no drift) and `doctor` (no error, no
/// warning) on the recording.
@Suite struct ProxySDKSessionTests {
  static let bob = "100001000000002"
  static let chen = "100001000000003"
  static let appID = ServeSDKWireTests.appID
  static let wire = IOSSDKWire(.v3_24)

  /// One answer as the app's network stack read it.
  struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// The app's network: every message through the proxy, as the SDK or the web view sent it.
  final class App {
    let proxy: String
    let ca: String
    let scratch: ScratchDirectory
    private var count = 0

    init(proxy: String, ca: String, scratch: ScratchDirectory) {
      (self.proxy, self.ca, self.scratch) = (proxy, ca, scratch)
    }

    func send(_ request: HTTPRequest) async throws -> Answer {
      count += 1
      let file = scratch.file("message-\(count)")
      try Data(SDKWireMessage(request).bytes).write(to: URL(fileURLWithPath: file))
      var environment = ProcessInfo.processInfo.environment
      environment["HTTPS_PROXY"] = proxy
      environment["CA"] = ca
      let host = URLParts(request.url)?.host ?? ""
      let run = try await runProgram(
        "/usr/bin/env",
        ["python3", ProxyNamespace.interop + "/sdk_through_proxy.py", host, file],
        environment: environment)
      guard run.status == 0, let end = Self.headEnd(run.bytes) else {
        throw ServeProcess.Failure(description: "\(request.url): \(run.error)")
      }
      var lines = String(decoding: run.bytes[..<end], as: UTF8.self).components(
        separatedBy: "\r\n")
      let status = Int(lines.removeFirst().split(separator: " ").dropFirst().first ?? "") ?? 0
      var headers = HTTPHeaders()
      for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers.add(
          String(line[..<colon]),
          String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
      }
      return Answer(status: status, headers: headers, body: Array(run.bytes[(end + 4)...]))
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
      let separator = Array("\r\n\r\n".utf8)
      return bytes.indices.dropLast(3).first { bytes[$0..<($0 + 4)].elementsEqual(separator) }
    }

    /// An FBRequestConnection of `requests`: each handler's view.
    func connection(_ requests: [IOSSDKRequest]) async throws -> [SDKErrorView] {
      let answer = try await send(ProxySDKSessionTests.wire.connection(requests, appID: appID))
      return SDKErrorView.connection(
        status: answer.status, body: answer.body, count: requests.count)
    }

    /// FBSession's inline login dialog in its web view: the page loaded, the person picked,
    /// `untick`ed boxes left out, the form's own fields posted back with the web view's
    /// `Origin`, the redirect's fragment read.
    func logIn(
      _ permissions: [String], person: String, reauthorize: Bool = false, untick: Set<String> = []
    ) async throws -> QueryItems {
      let url = ProxySDKSessionTests.wire.loginDialogURL(
        appID: appID, permissions: permissions, reauthorize: reauthorize)
      let page = try await send(HTTPRequest(url: url))
      #expect(page.status == 200, "\(page.text)")
      var form = QueryItems()
      for input in HTMLForm.inputs(page.text) {
        switch input.type {
        case "hidden": form.append(input.name, input.value)
        case "checkbox" where input.checked && !untick.contains(input.value):
          form.append(input.name, input.value)
        default: break
        }
      }
      form.append("person", person)
      form.append("decision", "approve")
      let action = try #require(HTMLForm.action(page.text))
      let submit = try await send(
        HTTPRequest(
          method: "POST", url: "https://m.facebook.com" + action,
          headers: [
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": "https://m.facebook.com",
          ],
          body: Array(form.formEncoded.utf8)))
      #expect(submit.status == 302, "\(submit.text)")
      let location = try #require(submit.headers["Location"])
      #expect(location.hasPrefix(IOSSDKWire.redirectURI + "#"), "\(location)")
      return QueryItems(parsing: location.split(separator: "#").last ?? "")
    }
  }

  /// FBSession's reading of a login and of `me/permissions` (3.24, FBSession.m
  /// `handleOpenURL` with `denied_scopes`; FBUtility `extractPermissionsFromResponse`):
  /// granted and declined permissions.
  static func reading(_ permissions: SDKErrorView) -> (granted: Set<String>, declined: Set<String>)
  {
    var granted: Set<String> = []
    var declined: Set<String> = []
    for item in permissions.result?["data"]?.arrayValue ?? [] {
      guard let name = item["permission"]?.stringValue else { continue }
      switch item["status"]?.stringValue {
      case "granted": granted.insert(name)
      case "declined": declined.insert(name)
      default: break
      }
    }
    return (granted, declined)
  }

  /// Bob's session, then Chen's with a permission unticked, as the app makes them.
  static func drive(_ app: App) async throws {
    // Login with the read permissions, then the session's first requests.
    var login = try await app.logIn(["user_friends", "user_photos"], person: bob)
    var token = try #require(login["access_token"])
    let first = try await app.connection([
      .graph("me", token: token), .graph("me/permissions", token: token),
    ])
    #expect(first.first?.result?["id"]?.stringValue == bob)
    #expect(reading(first[1]).granted.isSuperset(of: ["user_friends", "user_photos"]))
    // FBProfilePictureView: the redirect, then the CDN image (FBURLConnection, no SDK headers).
    for id in [bob, chen] {
      let redirect = try await app.send(
        HTTPRequest(url: wire.profilePictureURL(id, width: 100, token: token)))
      #expect(redirect.status == 302, "\(redirect.text)")
      let location = try #require(redirect.headers["Location"])
      #expect(location.hasPrefix("https://"), "\(location)")
      let image = try await app.send(HTTPRequest(url: location))
      #expect(image.status == 200, "\(location): \(image.text)")
      #expect(image.headers["Content-Type"]?.hasPrefix("image/") == true)
    }
    // The friends list, its `next` page (FBGraphObjectPagingLoader: the URL as it is), and
    // the same again from the first page (a pull-to-refresh).
    for _ in 1...2 {
      let page = try await app.connection([.graph("me/friends", [("limit", "2")], token: token)])
      let next = try #require(page.first?.result?["paging"]?["next"]?.stringValue)
      #expect(next.hasPrefix("https://graph.facebook.com/"), "\(next)")
      var more = HTTPRequest(url: next)
      more.headers["User-Agent"] = wire.userAgent
      let second = try await app.send(more)
      #expect(second.status == 200, "\(second.text)")
    }
    // requestNewPublishPermissions: publish_actions alone, auth_type=rerequest.
    login = try await app.logIn(["publish_actions"], person: bob, reauthorize: true)
    token = try #require(login["access_token"])
    #expect(login["granted_scopes"]?.contains("user_photos") == true, "\(login)")
    // The book: a new read permission, then a status and a photo read back.
    login = try await app.logIn(["user_birthday"], person: bob, reauthorize: true)
    token = try #require(login["access_token"])
    let permissions = reading(
      try #require(try await app.connection([.graph("me/permissions", token: token)]).first))
    #expect(
      permissions.granted.isSuperset(of: [
        "public_profile", "user_friends", "user_photos", "publish_actions", "user_birthday",
      ]), "\(permissions)")
    let status = try await app.connection([
      .graph("me/feed", [("message", "Reading Moby-Dick")], method: .post, token: token)
    ])
    #expect(status.first?.result?["id"]?.stringValue != nil, "\(String(describing: status.first))")
    let upload = IOSSDKRequest(
      .graph("me/photos"), parameters: [("picture", .image([0xFF, 0xD8, 0xFF, 0xE0]))],
      method: .post, accessToken: token, batchParameters: [("name", "photopost")])
    let batch = try await app.connection([
      upload, .graph("{result=photopost:$.id}", token: token),
    ])
    // The upload's own answer is omitted (a `{result=}` parent); the read names the photo.
    #expect(batch.first?.parsedBody == .null, "\(String(describing: batch.first))")
    let photo = try #require(
      batch.last?.result?["id"]?.stringValue, "\(String(describing: batch.last))")
    let source = try #require(batch.last?.result?["source"]?.stringValue)
    let image = try await app.send(HTTPRequest(url: source))
    #expect(image.status == 200, "\(source): \(image.text)")
    #expect(image.body == [0xFF, 0xD8, 0xFF, 0xE0])
    let read = try await app.connection([.graph(photo, token: token)])
    #expect(read.first?.result?["id"]?.stringValue == photo, "\(String(describing: read.first))")

    // Chen unticks user_likes: denied_scopes and me/permissions say declined.
    login = try await app.logIn(["email", "user_likes"], person: chen, untick: ["user_likes"])
    #expect(login["denied_scopes"] == "user_likes", "\(login)")
    let chenToken = try #require(login["access_token"])
    let chens = reading(
      try #require(try await app.connection([.graph("me/permissions", token: chenToken)]).first))
    #expect(chens.declined == ["user_likes"], "\(chens)")
    #expect(chens.granted.contains("email"))
  }

  @Test(.timeLimit(.minutes(2))) func anSDKSessionThroughTheProxyVerifiesAndIsClean() async throws {
    let scratch = ScratchDirectory("sdk-session")
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let upstream = try await ServeProcess.launch(["--log", "off"])
    let proxy = try await ServeProcess.launch(
      [
        "--ca-dir", scratch.file("ca"), "--record", file, "--upstream", upstream.url, "--log",
        "off",
      ], subcommand: "proxy")
    let app = App(
      proxy: proxy.url, ca: scratch.file("ca") + "/graph-explorer-ca.pem", scratch: scratch)
    try await Self.drive(app)
    #expect(await proxy.terminate() == 0)
    #expect(await upstream.terminate() == 0)

    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let verify = try await runProgram(binary, ["verify", file])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    // The dialogs are replayed as the web view walked them; only the CDN images are skipped.
    #expect(
      verify.output.contains("20 interaction(s), no drift (3 skipped: not the Graph API)"),
      "\(verify.output)")
    let doctor = try await runProgram(
      binary, ["doctor", file, "--fail-on", "warning", "--no-color"])
    #expect(doctor.status == 0, "\(doctor.output)\(doctor.error)")
    // Every token the dialogs issued is a user token, its owner read from the SDK's batch.
    #expect(!doctor.output.contains("unknown token"), "\(doctor.output)")
    #expect(doctor.output.contains("user token · of Bob Okafor (\(Self.bob))"), "\(doctor.output)")

    // A world made from the recording answers it too (issue 42, item 5).
    let world = scratch.file("world.json")
    let made = try await runProgram(binary, ["world", "--from", file, "-o", world])
    #expect(made.status == 0, "\(made.output)\(made.error)")
    let onWorld = try await runProgram(binary, ["verify", file, "--world", world])
    #expect(onWorld.status == 0, "\(onWorld.output)\(onWorld.error)")
    #expect(
      onWorld.output.contains("20 interaction(s), no drift (3 skipped: not the Graph API)"),
      "\(onWorld.output)")
  }
}

/// The inputs and the action of the one form of an HTML page, as a browser submits it.
enum HTMLForm {
  struct Input {
    var type: String
    var name: String
    var value: String
    var checked: Bool
  }

  static func inputs(_ html: String) -> [Input] {
    html.components(separatedBy: "<input ").dropFirst().compactMap { rest in
      let tag = String(rest.prefix { $0 != ">" })
      guard let name = attribute("name", in: tag) else { return nil }
      return Input(
        type: attribute("type", in: tag) ?? "text", name: name,
        value: attribute("value", in: tag) ?? "",
        checked: tag.hasSuffix(" checked") || tag.contains(" checked "))
    }
  }

  static func action(_ html: String) -> String? {
    html.components(separatedBy: "<form ").dropFirst().first.flatMap {
      attribute("action", in: String($0.prefix { $0 != ">" }))
    }
  }

  /// `name="..."` in `tag`, its character references decoded.
  static func attribute(_ name: String, in tag: String) -> String? {
    guard
      let start = tag.range(of: " \(name)=\"")?.upperBound
        ?? tag.range(of: "\(name)=\"")?.upperBound,
      let end = tag[start...].firstIndex(of: "\"")
    else { return nil }
    var value = String(tag[start..<end])
    for (reference, character) in [
      ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
    ] {
      value = value.replacingOccurrences(of: reference, with: character)
    }
    return value
  }
}
