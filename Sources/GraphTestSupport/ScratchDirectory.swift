import Foundation

/// A fresh directory under the system's temporary folder for one test, removed with `remove()`.
public struct ScratchDirectory: Sendable {
  /// The directory's path (no trailing slash).
  public let path: String

  /// Creates `<tmp>/<prefix>-<uuid>`.
  public init(_ prefix: String = "graph-explorer-test") {
    path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Every regular file under the directory, recursively, as full paths.
  public func allFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = file(relative)
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(full)
      }
    }
    return files.sorted()
  }

  /// Deletes the directory and everything in it.
  public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
