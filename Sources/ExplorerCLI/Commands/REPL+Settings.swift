extension REPL {
  /// The names `set` knows, in the order `set` lists them.
  static let settingNames = ["verbose", "pager", "color", "max-answer-bytes", "check-status"]

  /// `set <name> <value>`: changes one setting and says what it now is.
  func set(_ name: String, _ value: String) throws(ExplorerError) -> String {
    let name = try settingName(name)
    if name == "max-answer-bytes" { return try setMaxAnswerBytes(value) }
    let on: Bool
    switch value {
    case "on": on = true
    case "off": on = false
    default: throw .failed("set \(name): '\(value)' is not on or off")
    }
    switch name {
    case "check-status":
      guard !interactive else {
        throw .failed(
          "set check-status: scripts only (graph-explorer run FILE --check-status); a session "
            + "at the prompt never ends on an answer")
      }
      checkStatus = on
    case "verbose": session.verbose = on
    case "pager": session.pager = on
    default:
      renderer.color = on
      colorPreference = on
    }
    return "\(name) \(value)"
  }

  /// `set` lists every setting with its value; `set <name>` shows that one.
  func settingsListing(only name: String?) throws(ExplorerError) -> String {
    let names = try name.map { name throws(ExplorerError) in [try settingName(name)] }
    return (names ?? Self.settingNames).map { "\($0) \(settingValue($0))\n" }.joined()
  }

  /// The canonical name of a setting (`colour` is `color`), or an error listing the names.
  private func settingName(_ name: String) throws(ExplorerError) -> String {
    if name == "colour" { return "color" }
    guard Self.settingNames.contains(name) else {
      throw .failed(
        "set: no setting '\(name)' (\(Self.settingNames.joined(separator: ", ")))")
    }
    return name
  }

  private func settingValue(_ name: String) -> String {
    func word(_ on: Bool) -> String { on ? "on" : "off" }
    switch name {
    case "verbose": return word(session.verbose)
    case "pager": return word(session.pager)
    case "color": return word(colorPreference)
    case "check-status": return word(checkStatus)
    default: return Self.sizeWord(session.maxAnswerBytes)
    }
  }

  /// A size as `set max-answer-bytes` takes it back: `64M`, `512K`, `1G` or a byte count.
  static func sizeWord(_ bytes: Int) -> String {
    for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift)\(unit)"
    }
    return "\(bytes)"
  }
}
