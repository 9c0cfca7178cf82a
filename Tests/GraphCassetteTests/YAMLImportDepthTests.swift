import Testing

@testable import GraphCassette

/// A YAML cassette nested past the reader's depth limit (`YAMLDepthTests`) fails `import`
/// naming the file and the line.
@Suite struct YAMLImportDepthTests {
  @Test func importNamesTheFileAndTheLine() {
    let yaml =
      "---\nhttp_interactions:\n- request:\n    method: get\n    headers:\n      User-Agent: "
      + String(repeating: "[", count: 100_000) + "\n"
    #expect {
      try Interchange.importCassette(Array(yaml.utf8), path: "deep.yml")
    } throws: { error in
      (error as? CassetteError)?.description
        == "deep.yml: Ruby VCR YAML: line 6, column 19: nesting deeper than 512 levels"
    }
  }
}
