import Foundation
import Testing

@testable import ExplorerCLI

/// docs/commands.md and `help` come from the same list; these tests fail when they drift.
@Suite struct CommandReferenceTests {
  /// The headings of docs/commands.md's command sections (`### \`usage\``) and the paragraph
  /// after each.
  static func documentedCommands() throws -> [(usage: String, paragraph: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var result: [(String, String)] = []
    for (i, line) in lines.enumerated() where line.hasPrefix("### `") && line.hasSuffix("`") {
      let usage = String(line.dropFirst(5).dropLast())
      let paragraph = lines[(i + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty }
        .joined(separator: " ")
      result.append((usage, paragraph))
    }
    return result
  }

  @Test func docsListEveryCommandOfHelpInOrder() throws {
    let documented = try Self.documentedCommands()
    #expect(documented.map(\.usage) == CommandReference.entries.map(\.usage))
  }

  @Test func docsStartEachCommandWithItsHelpSummary() throws {
    for (doc, entry) in zip(try Self.documentedCommands(), CommandReference.entries) {
      #expect(doc.paragraph.hasPrefix(entry.summary + "."), "\(entry.name)")
    }
  }

  @Test func helpListsEveryCommand() throws {
    let text = try HelpText.render(topic: nil, renderer: Renderer(color: false, raw: false))
    for entry in CommandReference.entries {
      #expect(text.contains("  \(entry.name)"), "\(entry.name)")
      #expect(text.contains(entry.summary), "\(entry.name)")
    }
  }

  /// Every command of `help` has a manual page, and every page is a command's.
  @Test func everyCommandHasAManualPage() {
    #expect(Set(CommandManual.pages.keys) == Set(CommandReference.entries.map(\.name)))
  }

  @Test(arguments: CommandReference.entries.map(\.name))
  func helpExplainsEachCommand(name: String) throws {
    let text = try HelpText.render(topic: name, renderer: Renderer(color: false, raw: false))
    let entry = try #require(CommandReference.entry(named: name))
    let page = try #require(CommandManual.pages[name], "no help page for \(name)")
    #expect(text.hasPrefix("\(entry.usage)\n  \(entry.summary)\n\n"))
    #expect(!page.details.isEmpty, "\(name): no details")
    #expect(page.examples.count >= 2, "\(name): fewer than two examples")
    for line in page.details + page.examples { #expect(text.contains("  \(line)\n"), "\(line)") }
    #expect(text.contains("\nOptions:\n") == !page.options.isEmpty)
    for option in page.options {
      let shown = text.split(separator: "\n").contains {
        $0.hasPrefix("  \(option.form) ") && $0.hasSuffix("  \(option.text)")
      }
      #expect(shown, "\(name): \(option.form)")
    }
    // Help fits a terminal of 100 columns (the usage and summary lines, as docs/commands.md has them, aside).
    for line in text.split(separator: "\n").dropFirst(2) {
      #expect(line.count <= 100, "\(line)")
    }
  }

  /// Each option of `help <command>` is named in the command's heading or section of
  /// docs/commands.md (its first word: `--max` of `--max N`; each of `curl|objc|...`).
  @Test(arguments: CommandManual.pages.keys.sorted())
  func docsNameEveryOptionOfHelp(name: String) throws {
    let entry = try #require(CommandReference.entry(named: name))
    let documented = entry.usage + "\n" + (try Self.documentedSection(entry.usage))
    for option in CommandManual.pages[name]?.options ?? [] {
      let first = option.form.split(separator: " ").first.map(String.init) ?? option.form
      for word in first.split(separator: "|") {
        #expect(documented.contains(word), "\(name): docs/commands.md does not name \(word)")
      }
    }
  }

  /// Each example of `help` parses (the lines of batch's block form are checked by the batch
  /// tests: a `label:` line and `end` mean something only after `batch`).
  @Test(arguments: CommandManual.pages.keys.sorted())
  func everyExampleParses(name: String) throws {
    let blockLines = ["photo: POST me/photos source@meal.png message=Lunch", "end"]
    for example in CommandManual.pages[name]?.examples ?? [] where !blockLines.contains(example) {
      #expect(throws: Never.self, "\(name): \(example)") { try CommandParser.parse(example) }
    }
  }

  /// The section of docs/commands.md under the heading of `usage`, up to the next heading.
  static func documentedSection(_ usage: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
    guard let start = text.range(of: "### `\(usage)`\n") else { return "" }
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
  }

  /// `help <command>`'s examples are in docs/commands.md too, each on a line of its own.
  @Test(arguments: CommandManual.pages.keys.sorted())
  func docsShowEveryExampleOfHelp(name: String) throws {
    let entry = try #require(CommandReference.entry(named: name))
    let section = try Self.documentedSection(entry.usage)
    let lines = section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for example in CommandManual.pages[name]?.examples ?? [] {
      #expect(lines.contains(example), "\(name): \(example)")
    }
  }

  @Test func helpRejectsAnUnknownTopic() {
    #expect(throws: ExplorerError.unknownCommand("frobnicate")) {
      try HelpText.render(topic: "frobnicate", renderer: Renderer(color: false, raw: false))
    }
  }

  /// A command's own word typed alone (`stop`) points at the commands that take it.
  @Test func aSubcommandWordAlonePointsAtItsCommands() {
    #expect(
      ExplorerError.unknownCommand("stop").description
        == "unknown command 'stop': did you mean record stop or replay stop? (type 'help' for the list)"
    )
    #expect(
      ExplorerError.unknownCommand("frobnicate").description
        == "unknown command 'frobnicate' (type 'help' for the list)")
  }

  /// Every command of the reference parses with its usage's simplest form.
  @Test(arguments: CommandReference.entries.map(\.name))
  func everyDocumentedCommandParses(name: String) throws {
    let line: String
    switch name {
    case "GET", "POST", "DELETE": line = "\(name) me"
    case "!n": line = "!1"
    case "save": line = "save out.json"
    case "set": line = "set verbose on"
    case "search": line = "search coffee"
    case "grant", "revoke": line = "\(name) publish_actions"
    case "record", "replay": line = "\(name) stop"
    case "expect": line = "expect status == 200"
    case "verify": line = "verify cassette.json"
    case "dialog": line = "dialog feed"
    case "fields": line = "fields me"
    default: line = name
    }
    let parsed = try CommandParser.parse(line)
    #expect(parsed.command != .empty)
  }
}
