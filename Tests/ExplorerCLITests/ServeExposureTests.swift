import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `serve` keeps tokens off the network: it listens on loopback unless told otherwise, and a
/// recording proxy forwards (tokens included) only over https or to loopback unless
/// `--insecure-upstream` says plain http is meant.
@Suite struct ServeExposureTests {
  @Test func listensOnLoopbackByDefault() throws {
    #expect(try ServeOptions(parsing: []).host == "127.0.0.1")
    #expect(try ServeOptions(parsing: ["--port", "0"]).isLoopback)
    let serve = try ServeProcess([])
    defer { _ = serve.stop() }
    #expect(serve.url.hasPrefix("http://127.0.0.1:"), "\(serve.url)")
  }

  @Test(arguments: [
    "https://graph.facebook.com", "https://graph.facebook.com/", "http://127.0.0.1:9000",
    "http://localhost:8080", "http://[::1]:8080", "http://127.0.0.2",
  ])
  func upstreamOverHTTPSOrLoopbackIsAccepted(_ upstream: String) throws {
    let options = try ServeOptions(parsing: ["--record", "c.json", "--upstream", upstream])
    #expect(options.source == .record(cassette: "c.json", upstream: upstream))
  }

  @Test(arguments: [
    "http://graph.facebook.com", "http://10.0.0.5:8080", "http://example.com/graph",
    "http://127.0.0.1.example.com",
  ])
  func plainHTTPUpstreamElsewhereIsRefused(_ upstream: String) throws {
    #expect {
      try ServeOptions(parsing: ["--record", "c.json", "--upstream", upstream])
    } throws: { error in
      let message = (error as? ServeOptions.UsageError)?.description ?? ""
      return message.hasPrefix("--upstream: '\(upstream)' is plain http")
        && message.contains("--insecure-upstream")
    }
    let allowed = try ServeOptions(
      parsing: ["--record", "c.json", "--upstream", upstream, "--insecure-upstream"])
    #expect(allowed.source == .record(cassette: "c.json", upstream: upstream))
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true),
    ("127.0.0.1.example.com", false), ("127.0.0.1000", false), ("127.x.0.1", false),
    ("1127.0.0.1", false),
  ])
  func loopbackMeansALoopbackAddress(host: String, expected: Bool) {
    #expect(ServeOptions.isLoopback(host) == expected)
  }

  @Test func refusalIsAUsageErrorOnTheCommandLine() async {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["serve", "--record", "c.json", "--upstream", "http://graph.facebook.com"],
      console: console)
    #expect(status == .usage)
    #expect(console.errors.contains("--insecure-upstream"))
    #expect(!FileManager.default.fileExists(atPath: "c.json"))
  }
}
