import Foundation
import Testing

/// Today's clients against `graph-explorer serve`: Meta's facebook-business SDK at its own
/// default version, and python facebook-sdk at every version it accepts.
@Suite struct ModernClientInteropTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop")
  static let business = folder.appendingPathComponent("facebook_business_interop.py").path
  static let sdk = folder.appendingPathComponent("facebook_sdk_interop.py").path

  @Test func facebookBusinessAtItsDefaultVersion() async throws {
    let server = try await ServeProcess.launch([])
    let run = try await runProgram("/usr/bin/env", ["python3", Self.business, server.url])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(run.output.contains("ok   the SDK's default version is v26.0"))
    #expect(run.output.contains("ok   get_friends followed the cursors past the first page"))
    #expect(run.output.contains("ok   User('me').create_feed raises FacebookRequestError 200"))
    #expect(await server.terminate() == 0)
    #expect(server.log.contains("GET /v26.0/me/friends?"), "the SDK asked for its own version")
    #expect(!server.log.contains("CAAEmuAlicePublish"), "the token never reaches the log")
  }

  /// The versions python facebook-sdk 3.1.0 accepts (its `VALID_API_VERSIONS`).
  static let sdkVersions = ["2.8", "2.9", "2.10", "2.11", "2.12", "3.0", "3.1"]

  @Test func facebookSDKAcceptsTheseVersions() async throws {
    let run = try await runProgram(
      "/usr/bin/env",
      ["python3", "-c", "import facebook; print(','.join(facebook.VALID_API_VERSIONS))"])
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        == Self.sdkVersions.joined(separator: ","))
  }

  @Test(arguments: sdkVersions)
  func facebookSDKAtEveryVersion(_ version: String) async throws {
    let server = try await ServeProcess.launch([])
    let run = try await runProgram(
      "/usr/bin/env", ["python3", Self.sdk, server.url, "CAAEmuAlicePublish", version])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(run.output.contains("ok   get_all_connections followed paging.next"))
    if version.hasPrefix("3.") {
      #expect(
        run.output.contains("ok   put_object('me', 'feed') raises GraphAPIError 200 from v3.0"))
    } else {
      #expect(run.output.contains("ok   the new post reads back with its message"))
    }
    #expect(await server.terminate() == 0)
    #expect(server.log.contains("GET /v\(version)/me"), "the SDK asked for v\(version)")
  }
}
