import GraphJSON

extension WorldDecoder {
  /// An app's `default_version` (absent: v2.2), one the emulator serves.
  func defaultVersion(_ value: JSONValue?, _ location: String) throws(EmulatorError)
    -> GraphVersion
  {
    let text = try string(value ?? "v2.2", location)
    guard let version = GraphVersion(text) else {
      throw fail(
        location,
        "unknown version \(JSONValue.string(text).compactText); the versions are "
          + VersionRegistry.servedSummary)
    }
    return version
  }

  /// The world's other apps (`apps`: `id`, `name`, `secret`, `default_version`), each an app
  /// a recording showed answering besides the world's own (`world --from`).
  func otherApps(besides appID: String) throws(EmulatorError) -> [AppInfo] {
    guard let list = root["apps"], !list.isNull else { return [] }
    guard let items = list.arrayValue else {
      throw fail("$.apps", "expected an array of apps, found \(list.kindName)")
    }
    var seen: Set<String> = [appID]
    var out: [AppInfo] = []
    for (i, item) in items.enumerated() {
      let location = "$.apps[\(i)]"
      let id = try string(item["id"], "\(location).id")
      guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw fail(
          "\(location).id", "an app id is digits, found \(JSONValue.string(id).compactText)")
      }
      guard seen.insert(id).inserted else { throw fail("\(location).id", "duplicate app id \(id)") }
      let version = try defaultVersion(item["default_version"], "\(location).default_version")
      out.append(
        AppInfo(
          id: id, name: try string(item["name"] ?? .string("App \(id)"), "\(location).name"),
          namespace: "", secret: try string(item["secret"] ?? "", "\(location).secret"),
          defaultVersion: version))
    }
    return out
  }
}
