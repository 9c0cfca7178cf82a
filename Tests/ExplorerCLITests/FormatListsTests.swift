import Foundation
import GraphCassette
import Testing

@testable import ExplorerCLI

/// Issue 46: every list of cassette formats a user reads is derived from the registry
/// (`CassetteDialect.all`): `export` without `--format`, the import and export summaries, the
/// help of every command that reads or writes them, completion, and docs/cassette-format.md.
@Suite struct FormatListsTests {
  static let others = CassetteDialect.all.filter { $0.format != .native }

  @Test func exportWithoutAFormatNamesEveryFormat() async {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: ["export", "x.json"], console: console)
    #expect(status == .usage)
    for dialect in CassetteDialect.all {
      #expect(console.errors.contains(dialect.name), "\(console.errors)")
    }
  }

  @Test func theSummariesNameEveryTool() {
    for summary in [ExportCommand.subcommand.summary, ImportCommand.subcommand.summary] {
      for dialect in Self.others {
        #expect(summary.contains(dialect.tool), "\(summary)")
      }
    }
  }

  @Test func helpNamesEveryFormat() {
    for usage in [ExportCommand.usage, ImportCommand.usage] {
      for dialect in CassetteDialect.all {
        #expect(usage.text.contains("  \(dialect.name) "), "\(usage.name): \(dialect.name)")
        #expect(usage.text.contains(dialect.summary), "\(usage.name): \(dialect.summary)")
      }
    }
    for usage in [AuditCommand.usage, DoctorCommand.usage] {
      for dialect in CassetteDialect.all {
        #expect(usage.text.contains(dialect.name), "\(usage.name): \(dialect.name)")
        #expect(
          dialect.format == .native || usage.text.contains(dialect.tool),
          "\(usage.name): \(dialect.tool)")
      }
    }
    for table in [ExportCommand.Options.table.specs, ImportCommand.Options.table.specs] {
      let words = table.first { $0.placeholder == "FORMAT" }?.completion
      let names = InterchangeFormat.optionNames
      #expect(words == .words(names) || words == .words(names + ["json-answer"]))
    }
  }

  @Test func theDocsTableNamesEveryFormatInOrderWithWhatItKeeps() throws {
    let text = try DocsOptionTablesTests.doc("cassette-format.md")
    let rows = text.split(separator: "\n").drop { !$0.hasPrefix("| format | what |") }
      .dropFirst(2).prefix { $0.hasPrefix("| `") }
    #expect(rows.map { String($0.split(separator: "`")[1]) } == Self.others.map(\.name))
    for (row, dialect) in zip(rows, Self.others) {
      let keeps = row.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) ?? ""
      let names = CassetteDialect.Kept.words(dialect.carries).joined(separator: ", ")
      #expect(
        keeps.hasPrefix(names.isEmpty ? "none of them" : names)
          && !keeps.dropFirst(names.count).hasPrefix(","),
        "\(dialect.name) keeps \(names)")
    }
  }
}
