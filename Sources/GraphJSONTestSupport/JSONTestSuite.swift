import Foundation

/// The JSONTestSuite parsing cases (github.com/nst/JSONTestSuite), read in place from the
/// project's copy in `Tests/Conformance/`: `y_` files must be accepted, `n_` rejected, `i_` either.
public enum JSONTestSuite {
  /// One test file: its name and bytes.
  public struct Case: Sendable, CustomStringConvertible {
    public var name: String
    public var path: String
    public var bytes: [UInt8]
    public var description: String { name }
  }

  /// The `test_parsing` folder: `Tests/Conformance/JSONTestSuite/test_parsing` in the checkout.
  public static var directory: URL { ConformanceData.folder("JSONTestSuite/test_parsing") }

  /// Why the suite cannot be read (naming the path looked at), or nil when it is there.
  public static var problem: String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder),
      isFolder.boolValue
    else { return "JSONTestSuite not found: no folder at \(directory.path)" }
    return nil
  }

  /// The cases whose names start with `prefix` (`"y_"`, `"n_"` or `"i_"`), sorted by name;
  /// empty when the suite is not found (tests check the expected counts and report `problem`).
  public static func cases(_ prefix: String) -> [Case] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().compactMap {
      name in
      let url = directory.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
      return Case(name: name, path: url.path, bytes: [UInt8](data))
    }
  }
}
