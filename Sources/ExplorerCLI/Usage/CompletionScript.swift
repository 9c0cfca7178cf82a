import GraphJSON

/// The shell completion scripts (`graph-explorer --generate-completion-script SHELL`), derived
/// from the commands' declarations as swift-argument-parser derives its own: the subcommands,
/// each one's options, and what completes each value (`ValueCompletion`) and operand.
enum CompletionScript {
  /// The shells a script is written for.
  enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  /// The script for `shell`.
  static func render(_ commandLine: CommandLineDescription, for shell: Shell) -> String {
    switch shell {
    case .bash: bash(commandLine)
    case .zsh: zsh(commandLine)
    case .fish: fish(commandLine)
    }
  }

  /// The comment lines a script starts with: what it is and where it goes.
  static func header(_ shell: Shell, version: String) -> [String] {
    let place =
      switch shell {
      case .bash: "> ~/.local/share/bash-completion/completions/graph-explorer"
      case .zsh: "> ~/.zfunc/_graph-explorer (with ~/.zfunc in fpath before compinit)"
      case .fish: "> ~/.config/fish/completions/graph-explorer.fish"
      }
    return [
      "# \(shell.rawValue) completion for graph-explorer \(version), written by",
      "# graph-explorer --generate-completion-script \(shell.rawValue) \(place)",
    ]
  }

  /// `text` inside single quotes for a POSIX shell (bash, zsh).
  static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }
}
