import Foundation

/// The public conformance suites the project keeps under `Tests/Conformance/` (JSONTestSuite and
/// json-patch-tests, each with its licence; see `Tests/Conformance/README.md`), found from the
/// checkout itself: nothing is looked for outside it.
public enum ConformanceData {
  /// The checkout's root: the nearest folder above this source file that holds `Package.swift`.
  public static var packageRoot: URL {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    // Not reached in a checkout; the paths below then name where the data was expected.
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `Tests/Conformance/<relativePath>` inside the checkout.
  public static func folder(_ relativePath: String) -> URL {
    packageRoot.appendingPathComponent("Tests/Conformance").appendingPathComponent(relativePath)
  }
}
