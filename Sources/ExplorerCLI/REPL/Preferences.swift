import Foundation
import GraphCassette
import GraphJSON

/// Preferences that persist between interactive sessions, in
/// `$XDG_CONFIG_HOME/graph-explorer/config.json` (default `~/.config/graph-explorer/config.json`,
/// mode 0600). Secrets (tokens, app secrets) are never written there.
struct Preferences: Equatable, Sendable {
  var version: String?
  var verbose = false
  var pager = true
  var color = true

  /// The config file for `environment`, or `nil` when neither XDG_CONFIG_HOME nor HOME is set.
  static func path(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/graph-explorer/config.json"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/graph-explorer/config.json"
  }

  /// Reads the preferences at `path`; defaults when the file is missing.
  /// - Throws: `.file` when it exists but is not a JSON object.
  static func load(from path: String) throws(ExplorerError) -> Preferences {
    guard let data = FileManager.default.contents(atPath: path) else { return Preferences() }
    let json: JSONValue
    do {
      json = try JSONParser.parse([UInt8](data))
    } catch {
      throw .file(path: path, reason: "not valid JSON: \(error)")
    }
    guard json.objectValue != nil else { throw .file(path: path, reason: "not a JSON object") }
    var preferences = Preferences()
    preferences.version = json["version"]?.stringValue
    preferences.verbose = json["verbose"]?.boolValue ?? false
    preferences.pager = json["pager"]?.boolValue ?? true
    preferences.color = json["color"]?.boolValue ?? true
    return preferences
  }

  /// The preferences as a JSON object.
  var json: JSONValue {
    var object = JSONObject()
    if let version { object.append("version", .string(version)) }
    object.append("verbose", .bool(verbose))
    object.append("pager", .bool(pager))
    object.append("color", .bool(color))
    return .object(object)
  }

  /// Writes the preferences to `path` (mode 0600), creating its folder.
  /// - Throws: `.file` when it cannot be written.
  func save(to path: String) throws(ExplorerError) {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let text = JSONPrinter(options: [.pretty]).string(json) + "\n"
    do {
      try FileIO.write(Array(text.utf8), to: path, mode: 0o600)
    } catch {
      throw .file(path: path, reason: FileIO.reason(error))
    }
  }
}
