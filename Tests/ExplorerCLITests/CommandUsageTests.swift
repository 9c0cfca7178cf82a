import Testing

@testable import ExplorerCLI

/// Every command's synopsis, `--help`, `help SUBCOMMAND` and the manual and completion scripts
/// come from the option rows (issue 46: `proxy --help`'s hand-written synopsis lacked three of
/// its options).
@Suite struct CommandUsageTests {
  func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console)
  }

  @Test func everySynopsisNamesEveryOptionButHelp() {
    for usage in [GraphExplorer.usage] + GraphExplorer.subcommands.map(\.usage) {
      let synopsis = usage.synopsis.joined(separator: " ")
      for option in usage.options where !option.isHelp {
        #expect(synopsis.contains(option.synopsis), "\(usage.command): \(option.names[0])")
      }
      for line in usage.text.split(separator: "\n") {
        #expect(line.count <= CommandUsage.width, "\(usage.command): \(line)")
      }
    }
    let proxy = ProxyOptions.usage.synopsis.joined(separator: " ")
    for name in ["--insecure-upstream", "--default-version vX.Y", "--deterministic-secrets"] {
      #expect(proxy.contains(name))
    }
  }

  @Test func synopsisWrapsAtTheWidthUnderTheCommand() {
    let lines = ProxyOptions.usage.text.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
    #expect(
      lines.first?.hasPrefix("usage: graph-explorer proxy [--host ADDRESS] [--port N]") == true)
    for line in lines {
      #expect(line.count <= CommandUsage.width, "\(line)")
    }
    #expect(lines.dropFirst().first?.hasPrefix(String(repeating: " ", count: 28) + "[") == true)
    #expect(lines.last == "       graph-explorer proxy --ca [--ca-dir DIR]")
  }

  @Test func helpSubcommandShowsWhatHelpOptionShows() async {
    for sub in GraphExplorer.subcommands {
      let (status, viaHelp) = await run(["help", sub.name])
      let (optionStatus, viaOption) = await run([sub.name, "--help"])
      #expect(status == .success && optionStatus == .success, "\(sub.name)")
      #expect(viaHelp.output == viaOption.output, "\(sub.name)")
      #expect(viaHelp.output.hasPrefix("usage: graph-explorer \(sub.name)"), "\(sub.name)")
    }
    let (status, top) = await run(["help"])
    let (_, option) = await run(["--help"])
    #expect(status == .success && top.output == option.output)
    #expect(top.output.contains("subcommands:\n  diff "))
    let (unknown, console) = await run(["help", "frob\u{1B}"])
    #expect(unknown == .usage)
    #expect(console.errors.hasPrefix("graph-explorer help: unknown subcommand 'frob\\u001b'"))
  }

  @Test func runHelpAndVersionExitZero() async {
    let (status, console) = await run(["run", "--help"])
    #expect(status == .success)
    #expect(console.output.hasPrefix("usage: graph-explorer run FILE [--raw]"))
    for flag in ["-V", "--version"] {
      let (status, console) = await run([flag])
      #expect(status == .success && console.output == "graph-explorer \(GraphExplorer.version)\n")
    }
    let (missing, errors) = await run(["run"])
    #expect(missing == .usage)
    #expect(errors.errors.contains("try 'graph-explorer run --help'"))
  }

  /// An option is one row: it reaches the synopsis, the help, the manual page and the three
  /// completion scripts with no other edit.
  @Test func oneRowReachesEveryRendering() {
    struct Parsed: Sendable { var help = false }
    let table = OptionTable<Parsed>(
      [
        .value(["--frobnicate"], "LEVEL", completes: .words(["low", "high"]), "how hard") { _, _ in
        }
      ], help: { $0.help = true })
    let usage = CommandUsage("frob", operands: "FILE", options: table.specs, about: "Frobs.")
    #expect(usage.synopsis[0] == "graph-explorer frob FILE [--frobnicate LEVEL]")
    #expect(usage.text.contains("  --frobnicate LEVEL  how hard"))
    let commandLine = CommandLineDescription(
      root: REPLOptions.usage, subcommands: [("frob things", usage)], version: "9")
    #expect(
      ManualPage.render(commandLine).contains("\\fB\\-\\-frobnicate\\fR \\fILEVEL\\fR\nhow hard"))
    #expect(
      CompletionScript.bash(commandLine).contains(
        "--frobnicate) mapfile -t COMPREPLY < <(compgen -W 'low high'"))
    #expect(
      CompletionScript.zsh(commandLine).contains("'*--frobnicate[how hard]:LEVEL:(low high)'"))
    #expect(
      CompletionScript.fish(commandLine).contains("-l frobnicate -r -a 'low high' -d 'how hard'"))
  }
}
