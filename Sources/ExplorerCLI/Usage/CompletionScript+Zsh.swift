import GraphJSON

extension CompletionScript {
  /// The zsh script: a `#compdef` function describing the subcommands, then `_arguments` specs
  /// for the options of the one given.
  static func zsh(_ commandLine: CommandLineDescription) -> String {
    var lines = ["#compdef graph-explorer"] + header(.zsh, version: commandLine.version)
    lines += [
      "_graph_explorer() {",
      "  local -a subcommands",
      "  subcommands=(",
    ]
    for (summary, usage) in commandLine.subcommands {
      lines.append("    " + quoted(zshEscaped(usage.name + ":" + summary, colon: false)))
    }
    lines.append("    " + quoted("help:show a subcommand's help"))
    lines += [
      "  )",
      "  if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then",
      "    _describe -t subcommands 'graph-explorer subcommand' subcommands",
      "    return",
      "  fi",
      "  local sub=$words[2]",
      "  if (( CURRENT > 2 )); then",
      "    case $sub in",
    ]
    for (_, usage) in commandLine.subcommands {
      lines.append("      \(usage.name))")
      lines.append("        shift words; (( CURRENT-- ))")
      lines.append("        _arguments -s \\")
      lines += zshSpecs(usage).map { "          " + $0 + " \\" }
      let operand = zshAction(usage.operands.isEmpty ? .nothing : usage.operandCompletion)
      lines.append(
        "          "
          + quoted("*:" + (usage.operands.isEmpty ? "argument" : "operand") + ":" + operand))
      lines.append("        return ;;")
    }
    lines += [
      "      help)",
      "        _describe -t subcommands 'graph-explorer subcommand' subcommands",
      "        return ;;",
      "    esac",
      "  fi",
      "  _arguments -s \\",
    ]
    lines += zshSpecs(commandLine.root).map { "    " + $0 + " \\" }
    lines += [
      "    " + quoted("1::subcommand:"), "}", "",
      // Autoloaded from fpath: complete now; sourced: register the function.
      "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
      "  _graph_explorer \"$@\"",
      "else",
      "  compdef _graph_explorer graph-explorer",
      "fi", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// One `_arguments` spec per name of each option: `'*--world[help]:FILE:_files'`.
  private static func zshSpecs(_ usage: CommandUsage) -> [String] {
    usage.options.flatMap { option in
      option.names.map { name in
        var spec = "*" + name + "[" + zshEscaped(option.oneLineHelp, colon: false) + "]"
        if let placeholder = option.placeholder {
          spec += ":" + zshEscaped(placeholder, colon: true) + ":" + zshAction(option.completion)
        }
        return quoted(spec)
      }
    }
  }

  /// The action completing a value.
  private static func zshAction(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .words(let words): "(" + words.joined(separator: " ") + ")"
    }
  }

  /// `text` with what `_arguments` and `_describe` read specially escaped.
  private static func zshEscaped(_ text: String, colon: Bool) -> String {
    var out = text.replacingAll("\\", with: "\\\\").replacingAll("[", with: "\\[")
      .replacingAll("]", with: "\\]")
    if colon { out = out.replacingAll(":", with: "\\:") }
    return out
  }
}
