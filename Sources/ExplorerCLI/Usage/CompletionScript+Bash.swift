extension CompletionScript {
  /// The bash script: one function reading `COMP_WORDS` and `COMP_CWORD`, registered with
  /// `complete -F`.
  static func bash(_ commandLine: CommandLineDescription) -> String {
    let names = commandLine.names.joined(separator: " ")
    var lines = header(.bash, version: commandLine.version)
    lines += [
      "_graph_explorer() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" sub=\"\"",
      "  (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  (( COMP_CWORD > 1 )) && sub=\"${COMP_WORDS[1]}\"",
      "  COMPREPLY=()",
      "  case \"$sub\" in",
    ]
    for (_, usage) in commandLine.subcommands {
      lines.append("    \(usage.name))")
      lines += bashBody(
        usage, operands: bashCompgen(usage.operands.isEmpty ? .nothing : usage.operandCompletion))
      lines.append("      ;;")
    }
    lines.append("    help)")
    lines.append("      (( COMP_CWORD == 2 )) && \(bashReply("compgen -W \(quoted(names))"))")
    lines.append("      ;;")
    lines.append("    *)")
    lines += bashBody(
      commandLine.root,
      operands: "(( COMP_CWORD == 1 )) && \(bashReply("compgen -W \(quoted(names + " help"))"))")
    lines.append("      ;;")
    lines += ["  esac", "}", "complete -o filenames -F _graph_explorer graph-explorer", ""]
    return lines.joined(separator: "\n")
  }

  /// The lines completing `usage`'s options, their values, then (`operands`) anything else.
  private static func bashBody(_ usage: CommandUsage, operands: String) -> [String] {
    var lines = ["      case \"$prev\" in"]
    for option in usage.options where option.placeholder != nil {
      let names = option.names.joined(separator: "|")
      lines.append("        \(names)) \(bashCompgen(option.completion)); return ;;")
    }
    let all = usage.options.flatMap(\.names).joined(separator: " ")
    lines += [
      "      esac",
      "      if [[ \"$cur\" == -* ]]; then",
      "        \(bashReply("compgen -W \(quoted(all))"))",
      "        return",
      "      fi",
      "      \(operands)",
    ]
    return lines
  }

  /// The command filling `COMPREPLY` for what completes a value.
  private static func bashCompgen(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: "COMPREPLY=()"
    case .file: bashReply("compgen -f")
    case .directory: bashReply("compgen -d")
    case .words(let words): bashReply("compgen -W \(quoted(words.joined(separator: " ")))")
    }
  }

  /// `COMPREPLY` set to the lines `command -- "$cur"` prints.
  private static func bashReply(_ command: String) -> String {
    "mapfile -t COMPREPLY < <(\(command) -- \"$cur\")"
  }
}
