import GraphEmulator

/// Runs each command and says what it produced.
extension REPL {
  /// Runs `command` (typed as `text`) and returns its outputs.
  func run(_ command: Command, text: String) async throws(ExplorerError) -> [Output] {
    switch command {
    case .empty: return []
    case .registered(let registered):
      return try await registered.command.run(in: self, line: text)
    case .request(let line) where line.offline && line.sdk != nil:
      return [.text(try sdkWireText(line))]
    case .request(let line) where line.offline:
      return [
        .text(OfflineRequest.text(try session.httpRequest(for: line), unmasked: line.withToken))
      ]
    case .request(let line): return [.exchange(try await send(line, text: text))]
    }
  }

  /// Sends a request line, logging it first when `set verbose on`.
  func send(_ line: RequestLine, text: String) async throws(ExplorerError) -> Exchange {
    // `--as ios-3.24` sends the SDK's bytes rather than the line's own (issue 45).
    let exchange =
      line.sdk == nil
      ? try await session.send(line, text: text)
      : try await session.send(try sdkRequest(line).0, line: text, source: line)
    if session.verbose {
      console.writeError(
        RequestLog.entry(
          for: exchange, token: sentTokenNote(exchange),
          scrubber: session.secretScrubber(placeholder: RequestLog.placeholder)))
    }
    if interactive, !renderer.raw, let hint = await hint(for: exchange) {
      pendingHints.append(hint)
    }
    return exchange
  }

  /// `token` in full when `unmasked`, or when the emulator issued it and is the target, or it
  /// is one of the emulator's published test tokens and a replay is the target (a replayed
  /// session prints what the recorded one did); else masked.
  func shown(_ token: String, unmasked: Bool) -> String {
    let issuedHere = session.target.emulator?.tokenRecord(token) != nil
    let published =
      session.target.isReplay && World.default.testTokens.contains { $0.token == token }
    return unmasked || issuedHere || published ? token : Redaction.mask(token)
  }
}
