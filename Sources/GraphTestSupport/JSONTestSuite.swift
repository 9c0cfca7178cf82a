import Foundation

/// The JSONTestSuite parsing cases (github.com/nst/JSONTestSuite), read in place from the
/// shared conformance folder: `y_` files must be accepted, `n_` rejected, `i_` either.
public enum JSONTestSuite {
  /// One test file: its name and bytes.
  public struct Case: Sendable, CustomStringConvertible {
    public var name: String
    public var path: String
    public var bytes: [UInt8]
    public var description: String { name }
  }

  /// The `test_parsing` folder: `$JSON_TEST_SUITE` if set, else the first
  /// `shared/conformance/JSONTestSuite/test_parsing` found walking up from this source file.
  public static var directory: URL? {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["JSON_TEST_SUITE"] {
      return URL(fileURLWithPath: path)
    }
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("shared/conformance/JSONTestSuite/test_parsing")
      if fileManager.fileExists(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  /// The cases whose names start with `prefix` (`"y_"`, `"n_"` or `"i_"`), sorted by name;
  /// empty when the suite is not found (tests check the expected counts).
  public static func cases(_ prefix: String) -> [Case] {
    guard let directory else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().compactMap {
      name in
      let url = directory.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
      return Case(name: name, path: url.path, bytes: [UInt8](data))
    }
  }
}
