import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `graph-explorer --generate-manual`: a roff page `man -l` reads, with every subcommand and
/// option as declared.
@Suite struct ManualPageTests {
  @Test func thePageHasEverySubcommandAndOption() {
    let page = ManualPage.render(GraphExplorer.commandLine)
    #expect(page.hasPrefix(".TH GRAPH-EXPLORER 1 "))
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS", "EXIT STATUS"] {
      #expect(page.contains("\n.SH \(section)\n"), "\(section)")
    }
    for sub in GraphExplorer.subcommands {
      #expect(page.contains("\n.SS graph\\-explorer \(sub.name)\n"), "\(sub.name)")
      for option in sub.usage.options {
        #expect(page.contains("\\fB" + ManualPage.escaped(option.names[0]) + "\\fR"))
      }
    }
    // No line of text starts as a request by accident.
    for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
      #expect(
        [".TH", ".SH", ".SS", ".PP", ".TP", ".nf", ".fi"].contains(String(line.prefix(3))),
        "\(line)")
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
  func manReadsThePageWithoutWarnings() async throws {
    let folder = ScratchDirectory("manual")
    defer { folder.remove() }
    let path = folder.file("graph-explorer.1")
    try GeneratedText.manual.text.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try await runProgram(
      "/usr/bin/env",
      ["MANPAGER=cat", "MANWIDTH=100", "MAN_KEEP_FORMATTING=", "man", "--warnings", "-l", path])
    #expect(run.status == 0)
    #expect(run.error.isEmpty, "\(run.error)")
    #expect(run.output.contains("GRAPH-EXPLORER(1)"))
    #expect(run.output.contains("--insecure-upstream"))
    #expect(run.output.contains("graph-explorer proxy --ca [--ca-dir DIR]"))
  }
}
