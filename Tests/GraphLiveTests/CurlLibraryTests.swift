import GraphAPI
import Testing

@testable import GraphLive

/// libcurl is opened with dlopen on the first request, not linked: a missing or wrong library
/// is a clear error, never a crash. The process's own libcurl is loaded once for all tests, so
/// the failures are reached through another file name (`CurlTransport.library`).
@Suite struct CurlLibraryTests {
  static let missing = "libgraph-explorer-missing-curl.so.4"

  @Test func theSystemLibraryLoads() {
    #expect(CurlLibrary.name == "libcurl.so.4")
    #expect(CurlLibrary.loadFailure(CurlLibrary.name) == nil)
    #expect(CurlLibrary.isReady)
  }

  @Test func aMissingLibraryIsDlopensError() {
    let reason = CurlLibrary.loadFailure(Self.missing)
    #expect(reason == "\(Self.missing): cannot open shared object file: No such file or directory")
  }

  @Test func aLibraryWithoutCurlsFunctionsNamesTheFirstMissingOne() throws {
    let reason = try #require(CurlLibrary.loadFailure("libc.so.6"))
    #expect(reason.contains("undefined symbol: curl_global_init"), "\(reason)")
  }

  @Test func aRequestWithoutLibcurlFailsWithOneLineNamingLibraryAndHost() async throws {
    let transport = CurlTransport(
      timeout: .seconds(5), userAgent: "graph-explorer", maxAnswerBytes: 1 << 20,
      maxTransfers: 1, caBundle: nil, ignoresProxyEnvironment: false, library: Self.missing)
    let reason = "\(Self.missing): cannot open shared object file: No such file or directory"
    let expected = GraphLiveError.libraryUnavailable(
      host: "127.0.0.1", library: Self.missing, reason: reason)
    await #expect(throws: expected) {
      try await transport.send(HTTPRequest(url: "http://127.0.0.1:1/me"))
    }
    #expect(
      expected.description
        == "cannot load \(Self.missing) to reach 127.0.0.1: \(reason) "
        + "(the network target needs libcurl: apt-get install libcurl4)")
    #expect(expected.host == "127.0.0.1")
  }

  @Test func dlerrorsTextIsEscapedOntoOneLine() throws {
    let name = "missing\ncurl\u{1b}[2J.so"
    let reason = try #require(CurlLibrary.loadFailure(name))
    #expect(reason.contains("\n"))
    let text = GraphLiveError.libraryUnavailable(
      host: "graph.facebook.com", library: "x", reason: reason
    )
    .description
    #expect(!text.contains("\n") && !text.contains("\u{1b}"), "\(text)")
    #expect(text.contains(#"missing\ncurl\u001b[2J.so: cannot open shared object file"#), "\(text)")
  }
}
