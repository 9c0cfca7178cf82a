import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `explain` knows every error the emulator sends: every member of `GraphError` has samples,
/// and every sample (each code and subcode) has a catalogue entry with meaning, cause and fix,
/// and a view in every SDK `explain` shows.
@Suite struct CatalogueCoverageTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/GraphEmulator")

  /// The Swift files of the emulator.
  static func swiftFiles() throws -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: sources, includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "swift" { files.append(url) }
    }
    #expect(files.count > 20, "found the emulator's sources at \(sources.path)")
    return files
  }

  /// The names of the static members declared in `GraphError` and its extensions, wherever
  /// they live (the login and dialog work adds its own files).
  static func graphErrorMembers() throws -> Set<String> {
    var names: Set<String> = []
    for file in try swiftFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      var inside = false
      var depth = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if depth == 0 {
          inside =
            trimmed.hasPrefix("extension GraphError") || trimmed.hasPrefix("struct GraphError")
        }
        if inside, depth == 1 {
          for keyword in ["static let ", "static func ", "static var "]
          where trimmed.hasPrefix(keyword) {
            let rest = trimmed.dropFirst(keyword.count)
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.insert(String(name)) }
          }
        }
        depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      }
    }
    return names
  }

  @Test func everyMemberHasSamples() throws {
    let members = try Self.graphErrorMembers()
    #expect(members.contains("noActiveToken") && members.contains("unknownVersion"))
    let missing = members.subtracting(GraphError.catalogueSamples.keys)
      .subtracting(GraphError.builders).subtracting(["builders", "catalogueSamples"])
    #expect(missing.isEmpty, "add samples to GraphError.catalogueSamples for \(missing.sorted())")
    let stale = Set(GraphError.catalogueSamples.keys).subtracting(members)
    #expect(stale.isEmpty, "samples for members that no longer exist: \(stale.sorted())")
  }

  static var samples: [GraphError] { GraphError.catalogueSamples.values.flatMap { $0 } }

  @Test(arguments: samples)
  func sampleIsExplained(_ error: GraphError) throws {
    let entry = try #require(
      ErrorCatalogue.entry(code: error.code, subcode: error.subcode),
      "no catalogue entry for \(error.code)/\(error.subcode.map(String.init) ?? "-")")
    #expect(entry.codes.contains(error.code))
    if let subcode = error.subcode { #expect(entry.subcode == subcode, "\(error.message)") }
    #expect(!entry.meaning.isEmpty && !entry.likelyCause.isEmpty && !entry.fix.isEmpty)
    // The answer the emulator would send, as each SDK sees it.
    let response = ResponseFactory(
      version: .latest, traceID: "AbCdEfGhIjK", appUsage: 0, suppressHTTPCode: false
    ).response(.failure(error))
    let explanation = AnswerExplanation(response: response)
    #expect(explanation.entry == entry)
    #expect(explanation.sdk.category != nil)
    #expect(explanation.android != nil)
    #expect(explanation.php != nil)
    let coreKit = try #require(CoreKitErrorView(status: response.status, body: response.body))
    #expect(coreKit.userInfo[CoreKitErrorView.graphErrorCodeKey] == .number(JSONNumber(error.code)))
    for sdk in ExplainSDK.allCases {
      let lines = sdk.lines(status: response.status, body: response.body)
      #expect(!lines.isEmpty, "\(sdk)")
    }
  }

  /// Errors built in place (`code: N` outside the members) need an entry for their code too.
  @Test func everyCodeWrittenInTheSourcesIsCatalogued() throws {
    var codes: Set<Int> = []
    for file in try Self.swiftFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      var rest = Substring(text)
      while let range = rest.range(of: "code: ") {
        let before =
          range.lowerBound > rest.startIndex ? rest[rest.index(before: range.lowerBound)] : " "
        rest = rest[range.upperBound...]
        if before.isLetter || before == "_" { continue }  // `subcode: 460`
        let digits = rest.prefix { $0.isNumber || $0 == "_" }.filter { $0 != "_" }
        if let code = Int(String(digits)) { codes.insert(code) }
      }
    }
    #expect(codes.isSuperset(of: [1, 12, 100, 190, 324, 2500]))
    for code in codes.sorted() {
      #expect(ErrorCatalogue.entry(code: code) != nil, "code \(code) is not in the catalogue")
    }
  }
}
