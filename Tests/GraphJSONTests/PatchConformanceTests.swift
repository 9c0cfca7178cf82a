import Foundation
import GraphJSON
import GraphJSONTestSupport
import Testing

/// The json-patch-tests suite (github.com/json-patch/json-patch-tests), read in place from the
/// project's copy in `Tests/Conformance/`: every enabled case must pass, every `error` case must fail.
@Suite struct PatchConformanceTests {
  struct Case {
    var file: String
    var number: Int
    var comment: String
    var doc: JSONValue
    var patch: JSONValue
    var expected: JSONValue?
    var error: String?

    var name: String { "\(file) #\(number) \(comment)" }
  }

  /// `Tests/Conformance/json-patch-tests` in the checkout; an error naming that path when the
  /// suite is not there.
  static func suiteDirectory() throws -> URL {
    let directory = ConformanceData.folder("json-patch-tests")
    guard
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("tests.json").path)
    else {
      throw CocoaError(
        .fileNoSuchFile,
        userInfo: [
          NSLocalizedDescriptionKey:
            "json-patch-tests not found: no tests.json in \(directory.path)"
        ])
    }
    return directory
  }

  static func cases() throws -> [Case] {
    let directory = try suiteDirectory()
    var cases: [Case] = []
    for file in ["tests.json", "spec_tests.json"] {
      let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
      guard case .array(let records) = try JSONParser.parse(bytes) else {
        throw CocoaError(.fileReadCorruptFile)
      }
      for (number, record) in records.enumerated() {
        guard let doc = record["doc"], let patch = record["patch"],
          record["disabled"]?.boolValue != true
        else { continue }
        cases.append(
          Case(
            file: file, number: number, comment: record["comment"]?.stringValue ?? "",
            doc: doc, patch: patch, expected: record["expected"],
            error: record["error"]?.stringValue))
      }
    }
    return cases
  }

  @Test func suiteHasCases() throws {
    let cases = try Self.cases()
    #expect(cases.count > 90)
    #expect(cases.contains { $0.error != nil })
  }

  @Test func applierPassesTheSuite() throws {
    for test in try Self.cases() {
      let result: Result<JSONValue, JSONPatchError> = Result { () throws(JSONPatchError) in
        try JSONPatch(parsing: test.patch).apply(to: test.doc)
      }
      switch (result, test.error) {
      case (.success, .some(let error)):
        Issue.record("\(test.name): applied, but should fail with \(error)")
      case (.failure(let error), .none):
        Issue.record("\(test.name): failed with \(error)")
      case (.success(let value), .none):
        if let expected = test.expected {
          #expect(value == expected, "\(test.name)")
        }
      case (.failure, .some):
        break
      }
    }
  }

  @Test func generatedPatchTurnsDocIntoExpected() throws {
    var checked = 0
    for test in try Self.cases() {
      guard let expected = test.expected else { continue }
      for options in [JSONDiffOptions(), JSONDiffOptions(keys: [])] {
        let result = JSONDiff.diff(test.doc, expected, options: options)
        let applied = try result.patch.apply(to: test.doc)
        #expect(applied == expected, "\(test.name)")
        #expect(result.isEmpty == (test.doc == expected), "\(test.name)")
        // The patch survives printing and parsing.
        let reparsed = try JSONPatch(parsing: JSONParser.parse(result.patch.jsonValue.compactText))
        #expect(reparsed == result.patch, "\(test.name)")
      }
      checked += 1
    }
    #expect(checked > 60)
  }
}
