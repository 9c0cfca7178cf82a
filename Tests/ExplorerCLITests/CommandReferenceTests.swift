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

  @Test(arguments: CommandReference.entries.map(\.name))
  func helpExplainsEachCommand(name: String) throws {
    let text = try HelpText.render(topic: name, renderer: Renderer(color: false, raw: false))
    let entry = try #require(CommandReference.entry(named: name))
    #expect(text.hasPrefix("\(entry.usage)\n  \(entry.summary)\n"))
    if let page = CommandManual.pages[name] {
      for line in page.details + page.examples { #expect(text.contains("  \(line)\n"), "\(line)") }
    } else {
      #expect(text == "\(entry.usage)\n  \(entry.summary)\n")
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
    default: line = name
    }
    let parsed = try CommandParser.parse(line)
    #expect(parsed.command != .empty)
  }
}
