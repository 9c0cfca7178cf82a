import GraphJSON

extension CompletionScript {
  /// The fish script: one `complete` line per subcommand, per option name and per operand.
  static func fish(_ commandLine: CommandLineDescription) -> String {
    let names = commandLine.names.joined(separator: " ")
    var lines = header(.fish, version: commandLine.version)
    lines.append("complete -c graph-explorer -f")
    let top = "__fish_use_subcommand"
    for (summary, usage) in commandLine.subcommands {
      lines.append(
        "complete -c graph-explorer -n \(top) -a \(usage.name) -d \(fishQuoted(summary))")
    }
    lines.append("complete -c graph-explorer -n \(top) -a help -d 'show a subcommand'\\''s help'")
    lines.append(
      "complete -c graph-explorer -n '__fish_seen_subcommand_from help' -a \(fishQuoted(names))")
    lines += fishOptions(commandLine.root, condition: top)
    for (_, usage) in commandLine.subcommands {
      let condition = "'__fish_seen_subcommand_from \(usage.name)'"
      lines += fishOptions(usage, condition: condition)
      if !usage.operands.isEmpty, usage.operandCompletion != .nothing {
        lines.append(
          "complete -c graph-explorer -n \(condition)" + fishValue(usage.operandCompletion))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per option: its names (`-s c`, `-l world`, `-o V` for a one-dash long name),
  /// whether it takes a value, what completes it, its help.
  private static func fishOptions(_ usage: CommandUsage, condition: String) -> [String] {
    usage.options.map { option in
      var line = "complete -c graph-explorer -n \(condition)"
      for name in option.names {
        if name.hasPrefix("--") {
          line += " -l " + name.dropFirst(2)
        } else if name.count == 2 {
          line += " -s " + name.dropFirst()
        } else {
          line += " -o " + name.dropFirst()
        }
      }
      if option.placeholder != nil { line += " -r" + fishValue(option.completion) }
      return line + " -d " + fishQuoted(option.oneLineHelp)
    }
  }

  /// The arguments completing a value: files (`-F`), folders, words, or nothing.
  private static func fishValue(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: ""
    case .file: " -F"
    case .directory: " -a '(__fish_complete_directories)'"
    case .words(let words): " -a " + fishQuoted(words.joined(separator: " "))
    }
  }

  /// `text` in fish's single quotes (where `\` and `'` are escaped).
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }
}
