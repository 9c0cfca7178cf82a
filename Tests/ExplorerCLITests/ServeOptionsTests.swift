import Testing

@testable import ExplorerCLI

@Suite struct ServeOptionsTests {
  @Test func defaultsAreTheEmulatorOnLoopback() throws {
    let options = try ServeOptions(parsing: [])
    #expect(options.host == "127.0.0.1")
    #expect(options.port == 8080)
    #expect(options.source == .emulator(worldFile: nil))
    #expect(options.isLoopback)
  }

  @Test(arguments: [
    (["--port", "0"], "127.0.0.1", 0, ServeOptions.Source.emulator(worldFile: nil)),
    (["--port=9000", "--host", "::1"], "::1", 9000, .emulator(worldFile: nil)),
    (["--world", "w.json"], "127.0.0.1", 8080, .emulator(worldFile: "w.json")),
    (
      ["--replay", "Recordings/a.json", "--port", "1"], "127.0.0.1", 1,
      .replay(cassette: "Recordings/a.json")
    ),
    (
      ["--record", "c.json", "--upstream", "https://graph.facebook.com"], "127.0.0.1", 8080,
      .record(cassette: "c.json", upstream: "https://graph.facebook.com")
    ),
    (
      ["--record", "c.json"], "127.0.0.1", 8080, .recordEmulator(cassette: "c.json", worldFile: nil)
    ),
    (
      ["--world", "w.json", "--record", "c.json"], "127.0.0.1", 8080,
      .recordEmulator(cassette: "c.json", worldFile: "w.json")
    ),
  ])
  func parses(arguments: [String], host: String, port: Int, source: ServeOptions.Source) throws {
    let options = try ServeOptions(parsing: arguments)
    #expect(options.host == host)
    #expect(options.port == port)
    #expect(options.source == source)
  }

  @Test(arguments: [
    (["--port", "70000"], "--port: '70000' is not a port number (0-65535)"),
    (["--port", "x"], "--port: 'x' is not a port number (0-65535)"),
    (["--port"], "--port needs a value"),
    (["--port", "--host"], "--port needs a value"),
    (["--bogus"], "unknown option '--bogus'"),
    (["extra"], "unexpected argument 'extra'"),
    (["--replay", "a", "--world", "b"], "--world, --replay and --record cannot be combined"),
    (
      ["--world", "w", "--record", "a", "--upstream", "https://graph.facebook.com"],
      "--world, --replay and --record cannot be combined"
    ),
    (
      ["--record", "a", "--max-answer-bytes", "1M"],
      "--max-answer-bytes only makes sense with --upstream (it limits upstream answers)"
    ),
    (["--upstream", "http://x"], "--upstream only makes sense with --record"),
    (["--record", "a", "--upstream", "ftp://x"], "--upstream: 'ftp://x' is not an http(s) URL"),
    (["--host", "a b"], "--host: 'a b' is not an address"),
  ])
  func rejects(arguments: [String], message: String) {
    #expect(throws: ServeOptions.UsageError(description: message)) {
      try ServeOptions(parsing: arguments)
    }
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("localhost", true), ("::1", true), ("0.0.0.0", false),
    ("192.168.1.2", false),
  ])
  func loopback(host: String, expected: Bool) throws {
    #expect(try ServeOptions(parsing: ["--host", host]).isLoopback == expected)
  }
}

/// `serve --max-answer-bytes SIZE`: the limit on decoded upstream answers.
@Suite struct ServeAnswerLimitOptionTests {
  @Test func theLimitReadsSizesWithUnits() throws {
    let base = ["--record", "r.json", "--upstream", "http://127.0.0.1:9"]
    #expect(try ServeOptions(parsing: base).maxAnswerBytes == 64 << 20)
    for (text, bytes) in [
      ("1048576", 1 << 20), ("512K", 512 << 10), ("16M", 16 << 20), ("2G", 2 << 30),
      ("16MiB", 16 << 20), ("1g", 1 << 30),
    ] {
      #expect(
        try ServeOptions(parsing: base + ["--max-answer-bytes", text]).maxAnswerBytes == bytes)
    }
    #expect(try ServeOptions(parsing: base + ["--max-answer-bytes=8M"]).maxAnswerBytes == 8 << 20)
  }

  @Test func badSizesAndMisplacedUseAreUsageErrors() {
    let base = ["--record", "r.json", "--upstream", "http://127.0.0.1:9"]
    for text in ["0", "-1", "lots", "1T", "99999999999999999999", ""] {
      #expect(throws: ServeOptions.UsageError.self) {
        _ = try ServeOptions(parsing: base + ["--max-answer-bytes=\(text)"])
      }
    }
    #expect(
      throws: ServeOptions.UsageError(
        description:
          "--max-answer-bytes only makes sense with --record (it limits upstream answers)")
    ) {
      _ = try ServeOptions(parsing: ["--max-answer-bytes", "1M"])
    }
    #expect(ServeOptions.usage.text.contains("--max-answer-bytes SIZE"))
  }
}
