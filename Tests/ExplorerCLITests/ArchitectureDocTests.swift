import Foundation
import GraphTestSupport
import Testing

/// docs/architecture.md's module table is checked against Package.swift: every target that is
/// not a test target has a row, no row names a target that does not exist, and each row's
/// "depends on" names exactly its target's dependencies (system libraries name their C
/// library there instead).
@Suite struct ArchitectureDocTests {
  /// A target of Package.swift: its kind, name and dependencies.
  struct Target: Equatable {
    var kind: String
    var name: String
    var dependencies: Set<String>
  }

  /// The targets Package.swift declares, read from its text: `.kind(name: "X", ...
  /// dependencies: [...]`.
  static func targets() throws -> [Target] {
    let text = try String(
      contentsOf: ConformanceData.packageRoot.appendingPathComponent("Package.swift"),
      encoding: .utf8)
    let body = String(text[try #require(text.range(of: "targets: [")).upperBound...])
    let declaration = try Regex(
      #"\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([^"]+)"(?:[^\[\)]*dependencies:\s*\[([^\]]*)\])?"#
    )
    return body.matches(of: declaration).map { match in
      let dependencies = (match.output[3].substring.map(String.init) ?? "")
        .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
      return Target(
        kind: String(match.output[1].substring ?? ""),
        name: String(match.output[2].substring ?? ""),
        dependencies: Set(dependencies))
    }
  }

  /// The module table's rows: module name to the names in its "depends on" column.
  static func rows() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: ConformanceData.packageRoot.appendingPathComponent("docs/architecture.md"),
      encoding: .utf8)
    let table = try #require(text.components(separatedBy: "## Modules").dropFirst().first)
      .components(separatedBy: "### Inside the modules")[0]
    var rows: [String: Set<String>] = [:]
    for line in table.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { continue }
      let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      rows[name] = Set(
        cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return rows
  }

  /// The modules the Swift files under `folder` import: `import X`, `@testable import X`,
  /// `@_exported import X`, `public import X` at the start of a line (not in text or comments).
  static func imports(under folder: URL) throws -> Set<String> {
    let statement = try Regex(
      #"^[ \t]*(?:@testable |@_exported |@_implementationOnly )?(?:public |package |internal )?import (?:(?:struct|class|enum|protocol|func|var|let|typealias) )?([A-Za-z_][A-Za-z0-9_]*)"#
    ).anchorsMatchLineEndings()
    var modules: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: statement) {
        modules.insert(String(match.output[1].substring ?? ""))
      }
    }
    return modules
  }

  /// Issue 46: Package.swift declared dependencies no source imported (GraphTestSupport on
  /// GraphEmulator and GraphCassette, graph-bench on GraphServer and GraphProxy, ...) and
  /// sources imported modules only reached through another target. Each target's declared
  /// dependencies among the package's own modules are exactly those its sources import.
  @Test func everyTargetDependsOnExactlyWhatItImports() throws {
    let targets = try Self.targets()
    let local = Set(targets.map(\.name))
    var wrong: [String] = []
    for target in targets where target.kind != "systemLibrary" {
      let folder = ConformanceData.packageRoot
        .appendingPathComponent(target.kind == "testTarget" ? "Tests" : "Sources")
        .appendingPathComponent(target.name)
      let imported = try Self.imports(under: folder).intersection(local).subtracting([target.name])
      let unused = target.dependencies.subtracting(imported)
      let undeclared = imported.subtracting(target.dependencies)
      if !unused.isEmpty { wrong.append("\(target.name) declares unused \(unused.sorted())") }
      if !undeclared.isEmpty {
        wrong.append("\(target.name) imports undeclared \(undeclared.sorted())")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    #expect(
      try Self.imports(
        under: ConformanceData.packageRoot.appendingPathComponent("Sources/GraphLive")
      ).contains("CCurl"))
  }

  @Test func everyTargetHasARowNamingItsDependencies() throws {
    let targets = try Self.targets()
    let rows = try Self.rows()
    #expect(targets.count > 10, "Package.swift was not read: \(targets.count) targets")
    let modules = targets.filter { $0.kind != "testTarget" }
    for target in modules {
      let row = try #require(rows[target.name], "\(target.name) has no row in docs/architecture.md")
      if target.kind != "systemLibrary" {
        let named = row.isEmpty || row == ["the standard library only"] ? [] : row
        #expect(named == target.dependencies, "\(target.name): the doc says \(row.sorted())")
      }
    }
    for name in rows.keys {
      #expect(modules.contains { $0.name == name }, "the doc has a row for \(name), no target")
    }
  }

  @Test func theJSONTestsLinkTheJSONLayerAlone() throws {
    let targets = try Self.targets()
    let jsonTests = try #require(targets.first { $0.name == "GraphJSONTests" })
    #expect(jsonTests.dependencies == ["GraphJSON", "GraphJSONTestSupport"])
    let support = try #require(targets.first { $0.name == "GraphTestSupport" })
    #expect(!support.dependencies.contains("ExplorerCLI"))
    let live = try #require(targets.first { $0.name == "GraphLive" })
    #expect(!live.dependencies.contains("GraphCassette"))
  }
}
