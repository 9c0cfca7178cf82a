import Foundation
import Testing

@testable import ExplorerCLI

/// The docs' synopses and option tables against the declarations (issue 46: docs/serve.md left
/// out options the commands take): a synopsis block is the derived synopsis, and each option
/// table names every declared option, by a name and its value's name, and nothing else.
@Suite struct DocsOptionTablesTests {
  static func doc(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("docs/" + name), encoding: .utf8)
  }

  /// The first column of each `| option | ... |` table, in order: the backticked heads of
  /// each row (`--host ADDRESS`; `\|` read as `|`).
  static func optionTables(_ text: String) -> [[[String]]] {
    var tables: [[[String]]] = []
    var current: [[String]]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("| option |") {
        current = []
      } else if current != nil, line.hasPrefix("|---") {
        continue
      } else if current != nil, line.hasPrefix("| ") {
        let cell = line.dropFirst(2).replacing("\\|", with: "\u{0}").prefix { $0 != "|" }
          .replacing("\u{0}", with: "|")
        let heads = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter
        { $0.offset % 2 == 1 }
        .map { String($0.element) }
        current?.append(heads)
      } else if let table = current {
        tables.append(table)
        current = nil
      }
    }
    if let current { tables.append(current) }
    return tables
  }

  /// What is wrong with `rows` as the table of `options`: heads naming nothing declared, and
  /// options no row names (`complete`: every option must be there).
  static func mismatches(_ rows: [[String]], _ options: [OptionSpec], complete: Bool = true)
    -> [String]
  {
    let heads = rows.flatMap { $0 }
    var wrong = heads.filter { head in
      !options.contains { option in
        option.names.contains { name in
          head == name || head == option.placeholder.map { name + " " + $0 }
        }
      }
    }.map { "not declared: `\($0)`" }
    if complete {
      wrong += options.filter { option in
        !option.names.contains { name in
          heads.contains(name) || heads.contains(option.placeholder.map { name + " " + $0 } ?? "")
        }
      }.map { "missing: `\($0.head)`" }
    }
    return wrong
  }

  /// The code block of `text` whose first line starts with `start`.
  static func block(_ text: String, startingWith start: String) -> [String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.indices.first(where: { lines[$0].hasPrefix(start) }) else { return nil }
    return Array(lines[first...].prefix { $0 != "```" })
  }

  @Test func serveAndProxySynopsesAreTheDerivedOnes() throws {
    let text = try Self.doc("serve.md")
    for usage in [ServeOptions.usage, ProxyOptions.usage] {
      let block = Self.block(text, startingWith: usage.command + " [")
      #expect(
        block == usage.synopsis,
        "docs/serve.md's synopsis of \(usage.name) should be:\n\(usage.synopsis.joined(separator: "\n"))"
      )
    }
  }

  @Test func serveAndProxyTablesNameTheDeclaredOptions() throws {
    let tables = Self.optionTables(try Self.doc("serve.md"))
    try #require(tables.count == 2)
    #expect(Self.mismatches(tables[0], ServeOptions.usage.options) == [])
    // proxy's table gives what differs from serve's; together they name all of proxy's.
    #expect(Self.mismatches(tables[1], ProxyOptions.usage.options, complete: false) == [])
    #expect(Self.mismatches(tables[0] + tables[1], ProxyOptions.usage.options) == [])
  }

  @Test func diffAndDoctorTablesNameTheDeclaredOptions() throws {
    let diff = Self.optionTables(try Self.doc("diff.md"))
    #expect(Self.mismatches(try #require(diff.first), DiffArguments.usage.options) == [])
    let doctor = Self.optionTables(try Self.doc("doctor.md"))
    let options = DoctorCommand.usage.options.filter { !$0.isHelp }
    #expect(Self.mismatches(try #require(doctor.first), options) == [])
  }
}
