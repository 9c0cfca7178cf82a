import Foundation
import GraphCassette

/// Sends what a command produced where the line asked: the console (through the pager when it
/// is taller than the screen), a file (`> file`, `>> file`) or a shell command (`| jq .`).
extension REPL {
  /// Renders `outputs` for `redirect` and writes them.
  func deliver(_ outputs: [Output], to redirect: OutputRedirect) throws(ExplorerError) {
    guard redirect != .none else {
      let text = outputs.map(consoleText).joined()
      guard shouldPage(text) else {
        // Notes are always shown; answers stop printing at Ctrl-C.
        var printing = true
        for output in outputs {
          if case .note = output {
            console.write(consoleText(output))
          } else if printing {
            printing = printStoppably(consoleText(output), number: outputs.lastExchangeNumber)
          }
        }
        return
      }
      // The pager gets the status lines too, each above its answer: a pager that fills the
      // screen (less -FRX) would scroll a line printed before it out of sight, and after `q`
      // the screen keeps the status line above the answer.
      try Pager.page(text, console: console)
      return
    }
    // Redirected: bodies go to the file or command, uncoloured; status lines stay here.
    let plain = Renderer(color: false, raw: renderer.raw)
    var body = ""
    for output in outputs {
      switch output {
      case .exchange(let exchange):
        if !renderer.raw { console.line(renderer.statusLine(exchange)) }
        body += plain.body(exchange)
      case .batch(let exchange, let response):
        if !renderer.raw { console.line(renderer.statusLine(exchange)) }
        body += plain.batchItems(response, leftOut: exchange.batchOperationsLeftOut)
      case .json(let value): body += plain.json(value)
      case .text(let text): body += text
      case .note(let note): if !renderer.raw { console.line(note) }
      }
    }
    switch redirect {
    case .none: break
    case .file(let path, let append):
      try write(session.secretScrubber.scrub(body), to: path, append: append)
    case .pipe(let command):
      // The command may write to a file (`| cat > f`): the same rule as `> f`.
      try ShellPipe.run(command, input: session.secretScrubber.scrub(body), console: console)
    }
  }

  private func consoleText(_ output: Output) -> String {
    switch output {
    case .exchange(let exchange): return renderer.exchange(exchange)
    case .batch(let exchange, let response):
      return (renderer.raw ? "" : renderer.statusLine(exchange) + "\n")
        + renderer.batchItems(response, leftOut: exchange.batchOperationsLeftOut)
    case .json(let value): return renderer.json(value)
    case .text(let text): return text
    case .note(let note): return renderer.raw ? "" : renderer.dim(note) + "\n"
    }
  }

  private func shouldPage(_ text: String) -> Bool {
    // A pasted block's next lines are waiting: they would be typed into the pager, so the
    // answer prints straight through instead (issue 29).
    guard interactive, session.pager, console.isOutputTerminal, !TerminalSize.inputIsWaiting(),
      let rows = TerminalSize.rows()
    else { return false }
    var lines = 0
    for c in text.utf8 where c == 0x0A {
      lines += 1
      if lines >= rows { return true }
    }
    return false
  }

  private func write(_ text: String, to path: String, append: Bool) throws(ExplorerError) {
    let expanded = (path as NSString).expandingTildeInPath
    do {
      try FileIO.write(Array(text.utf8), to: expanded, append: append)
    } catch {
      throw .file(path: path, reason: FileIO.reason(error))
    }
  }
}

extension [Output] {
  /// The number of the last exchange among these outputs, for `show #n`.
  var lastExchangeNumber: Int? {
    for output in reversed() {
      switch output {
      case .exchange(let exchange), .batch(let exchange, _): return exchange.number
      default: continue
      }
    }
    return nil
  }
}
