import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The completion scripts, run by the shells themselves: bash through its completion function
/// with `COMP_WORDS` and `COMP_CWORD`, fish through `complete -C`, zsh loaded by `compinit`.
@Suite struct CompletionScriptTests {
  /// The first of `paths` that exists and runs, if any.
  static func shell(_ name: String) -> String? {
    ["/usr/bin/" + name, "/bin/" + name, "/usr/local/bin/" + name].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The script for `shell` written to a scratch folder: `(folder, path)`.
  func script(_ shell: CompletionScript.Shell) throws -> (ScratchDirectory, String) {
    let folder = ScratchDirectory("completion")
    let path = folder.file("graph-explorer." + shell.rawValue)
    try GeneratedText.completion(shell).text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  /// What bash's completion function offers for the words of `line` (the last one being
  /// completed, possibly empty).
  func bashOffers(_ words: [String], script: String) async throws -> [String] {
    let quoted = words.map(CompletionScript.quoted).joined(separator: " ")
    let program = """
      source \(CompletionScript.quoted(script))
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _graph_explorer
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try await runProgram(try #require(Self.shell("bash")), ["--norc", "-c", program])
    #expect(run.status == 0, "\(run.error)")
    return run.output.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: shell("bash") != nil)) func bashCompletesSubcommandsOptionsAndValues()
    async throws
  {
    let (folder, path) = try script(.bash)
    defer { folder.remove() }
    #expect(try await bashOffers(["graph-explorer", "se"], script: path) == ["serve"])
    #expect(
      try await bashOffers(["graph-explorer", "proxy", "--insecure"], script: path)
        == ["--insecure-upstream"])
    #expect(
      try await bashOffers(
        ["graph-explorer", "export", "a.json", "--format", "vcrpy"], script: path)
        == ["vcrpy", "vcrpy-yaml"])
    #expect(
      try await bashOffers(["graph-explorer", "serve", "--default-version", "v27"], script: path)
        == ["v27.0"])
    #expect(try await bashOffers(["graph-explorer", "help", "wo"], script: path) == ["world"])
    #expect(
      try await bashOffers(["graph-explorer", "--generate-completion-script", "z"], script: path)
        == ["zsh"])
    // A file for a FILE value, in the scratch folder.
    try Data().write(to: URL(fileURLWithPath: folder.file("seeds.graph")))
    #expect(
      try await bashOffers(["graph-explorer", "--world", folder.file("seeds")], script: path)
        == [folder.file("seeds.graph")])
  }

  @Test(.enabled(if: shell("fish") != nil)) func fishCompletesSubcommandsOptionsAndValues()
    async throws
  {
    let (folder, path) = try script(.fish)
    defer { folder.remove() }
    func offers(_ line: String) async throws -> [String] {
      let program =
        "source \(CompletionScript.quoted(path)); complete -C \(CompletionScript.quoted(line))"
      let run = try await runProgram(
        try #require(Self.shell("fish")), ["--no-config", "-c", program])
      #expect(run.status == 0, "\(run.error)")
      return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try await offers("graph-explorer se") == ["serve"])
    #expect(try await offers("graph-explorer proxy --deterministic") == ["--deterministic-secrets"])
    #expect(
      try await offers("graph-explorer serve --default-version v27") == ["v27.0"])
    #expect(try await offers("graph-explorer doctor --fail-on=err").contains("--fail-on=error"))
  }

  @Test(.enabled(if: shell("zsh") != nil)) func zshLoadsTheScriptUnderCompinit() async throws {
    let (folder, path) = try script(.zsh)
    defer { folder.remove() }
    let program = """
      autoload -Uz compinit && compinit -u -D
      source \(CompletionScript.quoted(path))
      print -r -- $_comps[graph-explorer]
      """
    let zsh = try #require(Self.shell("zsh"))
    let syntax = try await runProgram(zsh, ["-n", path])
    #expect(syntax.status == 0, "\(syntax.error)")
    let run = try await runProgram(zsh, ["-f", "-c", program])
    #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
    #expect(run.output == "_graph_explorer\n")
  }

  @Test func everyScriptNamesEverySubcommandAndOption() {
    let commandLine = GraphExplorer.commandLine
    for shell in CompletionScript.Shell.allCases {
      let text = CompletionScript.render(commandLine, for: shell)
      for (_, usage) in commandLine.subcommands {
        #expect(text.contains(usage.name), "\(shell): \(usage.name)")
        for option in usage.options {
          let name = shell == .fish ? String(option.names[0].drop { $0 == "-" }) : option.names[0]
          #expect(text.contains(name), "\(shell): \(usage.name) \(option.names[0])")
        }
      }
    }
  }
}
