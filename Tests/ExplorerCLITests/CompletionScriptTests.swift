import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The completion scripts, run by the shells themselves: bash through its completion function
/// with `COMP_WORDS` and `COMP_CWORD`, fish through `complete -C`, zsh through its completion
/// widget on a pseudo-terminal (zpty), the matches captured from `compadd`.
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

  /// A zsh program that types each line and Tab into an interactive zsh on a pseudo-terminal
  /// (zpty) that has the script loaded under compinit, and writes the matches zsh's completion
  /// adds (its `compadd`, wrapped as zsh-capture-completion does) to OUT/1, OUT/2, ...:
  /// `zsh -f DRIVER SCRIPT OUT LINE...`.
  static let zshDriver = #"""
    zmodload zsh/zpty || exit 3
    script=$1 out=$2; shift 2
    integer n=0
    for line in "$@"; do
      (( n++ ))
      zpty z zsh -f -i
      zpty -w z "PROMPT= RPROMPT=; autoload -Uz compinit; compinit -u -D; source ${(q)script}"
      zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a hits; builtin compadd -A hits \"\$@\"; (( \$#hits )) && print -rl -- \$hits >> ${(q)out}/$n.part; builtin compadd \"\$@\"; }"
      zpty -w z "comppostfuncs=( _capture_done ); _capture_done() { touch ${(q)out}/$n.part; mv ${(q)out}/$n.part ${(q)out}/$n; exit }"
      zpty -w z 'bindkey "^I" complete-word'
      zpty -w -n z "$line"$'\t'
      integer deadline=$(( SECONDS + 20 ))
      while [[ ! -e $out/$n ]] && (( SECONDS < deadline )); do
        zpty -r -t z _ 2>/dev/null || sleep 0.05
      done
      zpty -d z
      [[ -e $out/$n ]] || { print -r -- "no completion for: $line" >&2; exit 1 }
    done
    """#

  @Test(.enabled(if: shell("zsh") != nil)) func zshCompletesSubcommandsOptionsAndValues()
    async throws
  {
    let (folder, path) = try script(.zsh)
    defer { folder.remove() }
    let driver = folder.file("driver.zsh")
    try Self.zshDriver.write(toFile: driver, atomically: true, encoding: .utf8)
    let out = folder.file("offers")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: folder.file("seeds.graph")))
    let lines: [(String, [String])] = [
      ("graph-explorer se", ["serve"]),
      ("graph-explorer proxy --insecure", ["--insecure-upstream"]),
      ("graph-explorer export a.json --format vcrpy", ["vcrpy", "vcrpy-yaml"]),
      ("graph-explorer serve --default-version v27", ["v27.0"]),
      ("graph-explorer --world " + folder.file("seeds"), ["seeds.graph"]),
    ]
    let run = try await runProgram(
      try #require(Self.shell("zsh")), ["-f", driver, path, out] + lines.map(\.0))
    #expect(run.status == 0, "\(run.error)")
    for (n, (line, expected)) in lines.enumerated() {
      let offered = (try? String(contentsOfFile: out + "/\(n + 1)", encoding: .utf8)) ?? ""
      #expect(offered.split(separator: "\n").map(String.init) == expected, "\(line)")
    }
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
