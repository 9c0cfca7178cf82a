/// What `graph-explorer [SUBCOMMAND] --help` says about one command, declared once beside its
/// option table: the operands, the options (the table's rows), other forms, the explanation and
/// what follows the options. The synopsis is derived from the rows (as swift-argument-parser's
/// `UsageGenerator` does), so an option added as a row is in the synopsis, the help, the manual
/// page, the completion scripts and the docs' tables without another edit.
struct CommandUsage: Sendable {
  /// The subcommand's name; empty for `graph-explorer` itself.
  var name: String
  /// The operands as the synopsis shows them before the options (`FILE...`, `A B`, `[FILE|-]`).
  var operands: String
  /// What completes an operand in the shell.
  var operandCompletion: ValueCompletion
  /// The options, in the table's order.
  var options: [OptionSpec]
  /// Other forms of the command line, each after `graph-explorer ` (`proxy --ca [--ca-dir DIR]`).
  var forms: [String]
  /// The explanation, paragraphs separated by blank lines.
  var about: String
  /// Where the options' help starts (longer heads take a line of their own); `nil`: after the
  /// longest.
  var helpColumn: Int?
  /// Lines after the options (how to stop, where the URL is printed).
  var footer: String

  /// The widest a synopsis line gets.
  static let width = 100

  init(
    _ name: String, operands: String = "", completes operandCompletion: ValueCompletion = .file,
    options: [OptionSpec], forms: [String] = [], about: String, helpColumn: Int? = nil,
    footer: String = ""
  ) {
    self.name = name
    self.operands = operands
    self.operandCompletion = operandCompletion
    self.options = options
    self.forms = forms
    self.about = about
    self.helpColumn = helpColumn
    self.footer = footer
  }

  /// The command as typed: `graph-explorer serve`.
  var command: String { name.isEmpty ? "graph-explorer" : "graph-explorer " + name }

  /// The synopsis words: the operands, then each option but `--help` (`[--port N]`).
  var synopsisWords: [String] {
    (operands.isEmpty ? [] : [operands]) + options.filter { !$0.isHelp }.map(\.synopsis)
  }

  /// The synopsis lines, without `usage: `: the command and its words wrapped at `width`
  /// (continuations aligned after the command), then the other forms.
  var synopsis: [String] {
    let indent = String(repeating: " ", count: command.count + 1)
    let margin = "usage: ".count
    var lines: [String] = []
    var line = command
    for word in synopsisWords {
      if margin + line.count + 1 + word.count > Self.width, line != command {
        lines.append(line)
        line = indent + word
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines + forms.map { "graph-explorer " + $0 }
  }

  /// The whole `--help` text, ending in a newline.
  var text: String {
    let synopsis = synopsis.enumerated().map { n, line in
      (n == 0 ? "usage: " : "       ") + line
    }
    var parts = [synopsis.joined(separator: "\n"), about]
    parts.append("options:\n" + options.help(column: helpColumn))
    if !footer.isEmpty { parts.append(footer) }
    return parts.joined(separator: "\n\n") + "\n"
  }
}
