import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

/// The SDKs' code (issue 45's Get Code): each snippet is parsed by its language's own tool
/// (javac, node --check, php -l, clang -fsyntax-only) and run against the SDK's surface
/// (Tests/Interop/codegen), whose calls print what they were asked to send; that must be the
/// request the code was written from. An upload written for the JavaScript SDK (a `fetch` of a
/// `FormData`) is sent for real, to a loopback stub.
@Suite struct CodeGeneratorSDKTests {
  static let requests = CodeGeneratorExecutionTests.requests

  /// One `CALL {json}` line of a surface.
  struct Call {
    var method: String
    var path: String
    var version: String?
    var token: String?
    var parameters: Set<QueryItems.Item>
    var files: [[String]]

    init(_ line: Substring) throws {
      let json = try JSONParser.parse(Array(line.dropFirst("CALL ".count).utf8))
      method = json["method"]?.stringValue ?? ""
      path = json["path"]?.stringValue ?? ""
      version = json["version"]?.stringValue
      token = json["token"]?.stringValue
      let pairs = (json["params"]?.arrayValue ?? []).map {
        QueryItems.Item(name: $0[0]?.stringValue ?? "", value: $0[1]?.stringValue ?? "")
      }
      parameters = Set(pairs)
      files = (json["files"]?.arrayValue ?? []).map {
        ($0.arrayValue ?? []).compactMap(\.stringValue)
      }
    }

    static func all(in output: String) throws -> [Call] {
      try output.split(separator: "\n").filter { $0.hasPrefix("CALL ") }.map(Call.init)
    }
  }

  /// The parameters an SDK given the token as a parameter is asked to send.
  static func expectedParameters(_ request: GraphRequest, proof: Bool = true) -> Set<
    QueryItems.Item
  > {
    var items = request.parameters
    if proof, let value = request.appSecretProof { items.append("appsecret_proof", value) }
    if let token = request.accessToken { items.append("access_token", token) }
    return Set(items.items)
  }

  static func tool(_ path: String) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: path),
      "\(path) is missing: Scripts/test installs it")
  }

  @Test func androidCompilesAndAsksForTheRequest() throws {
    try Self.tool("/usr/bin/javac")
    try Self.tool("/usr/bin/java")
    let methods = Self.requests.enumerated().map { index, request in
      let code = CodeGenerator(includeToken: true).code(for: request, in: .android)
      return "  static void request\(index)() {\n\(code)  }\n"
    }
    let calls = (0..<Self.requests.count).map { "    request\($0)();\n" }.joined()
    let wrapper = """
      import android.net.Uri;
      import android.os.Bundle;
      import android.util.Log;
      import com.facebook.AccessToken;
      import com.facebook.GraphRequest;
      import com.facebook.GraphResponse;
      import com.facebook.HttpMethod;
      import java.io.File;

      public class Snippets {
      \(methods.joined())
        public static void main(String[] arguments) {
      \(calls)  }
      }

      """
    let stubs = CodeRunner.surfaces.appendingPathComponent("android").path
    let output = try CodeRunner.run(
      ["sh", "-c", "javac -encoding UTF-8 -d out -sourcepath \(stubs) Snippets.java"],
      writing: ["Snippets.java": wrapper], then: [["java", "-cp", "out", "Snippets"]])
    let seen = try Call.all(in: output)
    try #require(seen.count == Self.requests.count, "\(output)")
    for (request, call) in zip(Self.requests, seen) {
      let sent = GraphRequest(.get, call.path)
      #expect(call.method == request.method.rawValue)
      #expect(sent.path == request.path && sent.version == request.version, "\(call.path)")
      #expect(call.token == nil, "the token goes as the access_token parameter")
      #expect(call.parameters == Self.expectedParameters(request), "\(request.path)")
      #expect(call.files == request.uploads.map { [$0.name, $0.filename] })
    }
  }

  @Test func androidWithoutTheTokenUsesThePersonsToken() throws {
    let code = CodeGenerator().code(for: Self.requests[0], in: .android)
    #expect(
      code.contains("GraphRequest.newGraphPathRequest(\n    AccessToken.getCurrentAccessToken(),"))
    #expect(!code.contains("TOKEN1") && !code.contains("access_token"))
    let post = CodeGenerator().code(for: Self.requests[1], in: .android)
    #expect(post.contains("new GraphRequest(") && post.contains("HttpMethod.POST,"))
    #expect(post.contains("request.executeAsync();"))
  }

  @Test func javaScriptParsesAndAsksForTheRequest() throws {
    try Self.tool("/usr/bin/node")
    let surface = try String(
      contentsOf: CodeRunner.surfaces.appendingPathComponent("fb_api_surface.js"), encoding: .utf8)
    for request in Self.requests {
      let stub = try LoopbackHTTPStub(json: #"{"id":"1"}"#)
      defer { stub.stop() }
      let code = CodeGenerator(baseURL: stub.baseURL, includeToken: true).code(
        for: request, in: .js)
      let uploads = request.uploads.map {
        "\(CodeGenerator.jsStringForTesting($0.name)): \(CodeGenerator.jsStringForTesting($0.filename))"
      }
      let run = surface + "globalThis.UPLOADS = {\(uploads.joined(separator: ", "))};\n" + code
      let output = try CodeRunner.run(
        ["node", "--check", "snippet.js"], files: request.uploads,
        writing: ["snippet.js": code, "run.js": run], then: [["node", "run.js"]])
      if request.uploads.isEmpty {
        let call = try #require(try Call.all(in: output).first, "\(output)")
        #expect(call.method == request.method.rawValue)
        #expect(call.path == "/" + request.path)
        #expect(call.parameters == Self.expectedParameters(request))
        if let version = request.version {
          #expect(code.contains("version: \"\(version)\""), "FB.init's version is named")
        }
      } else {
        try CodeRunner.expectArrived(request, at: stub.requests)
      }
    }
  }

  @Test func phpParsesAndAsksForTheRequest() throws {
    try Self.tool("/usr/bin/php")
    let surface = try String(
      contentsOf: CodeRunner.surfaces.appendingPathComponent("php_sdk_surface.php"),
      encoding: .utf8)
    for request in Self.requests {
      let code = CodeGenerator(includeToken: true).code(for: request, in: .php)
      let output = try CodeRunner.run(
        ["php", "-l", "snippet.php"], files: request.uploads,
        writing: ["snippet.php": code, "vendor/autoload.php": surface],
        then: [["php", "snippet.php"]])
      let call = try #require(try Call.all(in: output).first, "\(output)")
      #expect(call.method == request.method.rawValue)
      #expect(call.path == "/" + request.path)
      #expect(call.version == request.version)
      #expect(call.token == request.accessToken)
      // The SDK makes appsecret_proof itself from the app secret it is given.
      #expect(call.parameters == Set(request.parameters.items), "\(request.path)")
      #expect(call.files == request.uploads.map { [$0.name, $0.filename] })
      #expect(code.contains("catch (Facebook\\Exceptions\\FacebookResponseException $e)"))
    }
  }

  @Test func iOSParsesWithClang() throws {
    let clang = "/opt/swift/usr/bin/clang"
    try Self.tool(clang)
    let surface = try String(
      contentsOf: CodeRunner.surfaces.appendingPathComponent("FBSDKCoreKit.h"), encoding: .utf8)
    let bodies = Self.requests.enumerated().flatMap { index, request in
      [
        "static void ios\(index)(void) {\n" + CodeGenerator().code(for: request, in: .ios) + "}\n",
        "static void objc\(index)(void) {\n"
          + CodeGenerator(includeToken: true).code(for: request, in: .objc) + "}\n",
      ]
    }
    try CodeRunner.run(
      [clang, "-fsyntax-only", "-fblocks", "-x", "objective-c", "-Werror", "snippets.m"],
      writing: ["snippets.m": surface + "\n" + bodies.joined()])
  }

  @Test func iOSAsksForTheRequest() {
    let code = CodeGenerator().code(for: Self.requests[4], in: .ios)
    #expect(code.contains("initWithGraphPath:@\"me/friends\""))
    #expect(code.contains("version:@\"v2.8\""))
    #expect(code.contains("HTTPMethod:@\"GET\""))
    #expect(code.contains("@\"limit\": @\"2\","))
    #expect(code.contains("tokenString:[FBSDKAccessToken currentAccessToken].tokenString"))
    let withToken = CodeGenerator(includeToken: true).code(for: Self.requests[4], in: .ios)
    #expect(withToken.contains("tokenString:@\"T5\""))
    let upload = CodeGenerator().code(for: Self.requests[3], in: .ios)
    #expect(upload.contains("@\"source\": [NSData dataWithContentsOfFile:@\"meal.jpg\"],"))
    #expect(CodeGenerator().code(for: Self.requests[0], in: .ios).contains("version:nil"))
  }
}
