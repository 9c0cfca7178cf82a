import GraphJSON

/// The manual page (`graph-explorer --generate-manual`), in roff with the man macros, derived
/// from the same declarations as `--help`: the synopsis, the explanation and the options of
/// `graph-explorer` and of each subcommand (as swift-argument-parser's GenerateManual plugin).
enum ManualPage {
  /// The page for `commandLine`.
  static func render(_ commandLine: CommandLineDescription) -> String {
    let title = "graph-explorer \(commandLine.version)"
    var lines = [".TH GRAPH-EXPLORER 1 \"\" \"\(title)\" \"User Commands\"", ".SH NAME"]
    lines.append("graph-explorer \\- a workbench and faithful emulator for the Facebook Graph API")
    lines += [".SH SYNOPSIS"] + synopsis(commandLine.root)
    lines += [".SH DESCRIPTION"] + paragraphs(commandLine.root.about)
    lines += [".SH OPTIONS"] + options(commandLine.root.options)
    lines.append(".SH SUBCOMMANDS")
    for (summary, usage) in commandLine.subcommands {
      lines.append(".SS \(escaped(usage.command))")
      lines += paragraphs(summary + ".")
      lines += synopsis(usage)
      lines += paragraphs(usage.about)
      lines += options(usage.options)
      if !usage.footer.isEmpty { lines += paragraphs(usage.footer) }
    }
    lines += [
      ".SH EXIT STATUS",
      "0 success, 1 an expectation failed or a difference was found, 2 a usage or input error.",
      ".SH ENVIRONMENT",
      ".TP", "\\fBFB_ACCESS_TOKEN\\fR", "the REPL's starting access token.",
      ".TP", "\\fBNO_COLOR\\fR", "no colours when set and not empty.",
      ".SH SEE ALSO",
      "The docs/ folder of the graph\\-explorer repository: commands.md, serve.md, doctor.md.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The synopsis lines, unfilled.
  private static func synopsis(_ usage: CommandUsage) -> [String] {
    [".PP", ".nf"] + usage.synopsis.map(escaped) + [".fi"]
  }

  /// Each option as a tagged paragraph: its names and value in bold and italics, its help.
  private static func options(_ options: [OptionSpec]) -> [String] {
    options.flatMap { option -> [String] in
      var tag = option.shown.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
      if let placeholder = option.placeholder { tag += " \\fI" + escaped(placeholder) + "\\fR" }
      return [".TP", tag, escaped(option.oneLineHelp)]
    }
  }

  /// `text`'s paragraphs (split at blank lines), each filled.
  private static func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .split(whereSeparator: { $0.allSatisfy { $0 == " " } })
      .flatMap { lines in [".PP"] + lines.map { escaped(String($0)) } }
  }

  /// `text` safe as a line of roff: backslashes doubled as `\e`, dashes as `\-`, and a line
  /// starting with `.` or `'` kept as text.
  static func escaped(_ text: String) -> String {
    let out = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
    return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
  }
}
