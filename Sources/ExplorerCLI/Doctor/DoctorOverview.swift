import GraphEmulator

/// The shape of a session: how many interactions, over what time, to which hosts, and which
/// Graph versions it called, each judged by the version registry on the days it was called.
struct DoctorOverview {
  /// Calls to one version.
  struct VersionUse {
    var version: String
    var calls = 0
    var firstDay: String?
    var lastDay: String?
    /// Calls made after the version's end of life, and where.
    var pastEndOfLife = 0
    var pastEndOfLifeAt: [Int] = []
    /// Calls made before the version was released (a clock or a recording gone wrong).
    var beforeRelease = 0

    var release: GraphVersionRelease? {
      GraphVersion(shape: version).flatMap(VersionRegistry.release(of:))
    }
  }

  var interactions = 0
  var firstTime: Double?
  var lastTime: Double?
  var firstDay: String?
  var lastDay: String?
  /// Host → calls, and the hosts in the order first seen.
  var hosts: [String: Int] = [:]
  var hostOrder: [String] = []
  var versions: [String: VersionUse] = [:]
  var unversioned = 0
  var unversionedAt: [Int] = []
  /// Status class (2, 3, 4, 5; 0 for anything else) → count.
  var statuses: [Int: Int] = [:]

  mutating func add(_ call: DoctorCall) {
    interactions += 1
    if let time = call.time {
      firstTime = min(firstTime ?? time, time)
      lastTime = max(lastTime ?? time, time)
    }
    if let day = call.day {
      firstDay = min(firstDay ?? day, day)
      lastDay = max(lastDay ?? day, day)
    }
    let host = call.host.isEmpty ? "(no host)" : call.host
    if hosts[host] != nil || hosts.count < 1024 {
      if hosts[host] == nil, hostOrder.count < 64 { hostOrder.append(host) }
      hosts[host, default: 0] += 1
    }
    statuses[(100...599).contains(call.status) ? call.status / 100 : 0, default: 0] += 1
    guard Self.isGraph(host) else { return }
    guard let version = call.version else {
      unversioned += 1
      if unversionedAt.count < DoctorFinding.shownInteractions {
        unversionedAt.append(call.number)
      }
      return
    }
    guard versions[version] != nil || versions.count < 100 else { return }
    var use = versions[version] ?? VersionUse(version: version)
    use.calls += 1
    if let day = call.day {
      use.firstDay = min(use.firstDay ?? day, day)
      use.lastDay = max(use.lastDay ?? day, day)
      if let release = use.release {
        // An answer whose facebook-api-version names the version asked was served by it:
        // the answering server's day (an emulator's, a replay's) is not the recording's.
        if let end = release.endOfLife, day > end, call.servedVersion != version {
          use.pastEndOfLife += 1
          if use.pastEndOfLifeAt.count < DoctorFinding.shownInteractions {
            use.pastEndOfLifeAt.append(call.number)
          }
        }
        if day < release.released { use.beforeRelease += 1 }
      }
    }
    versions[version] = use
  }

  /// Graph's hosts, the emulator and a replaying `serve` on loopback: where versions count.
  static func isGraph(_ host: String) -> Bool {
    host.hasPrefix("graph.") || host.contains("facebook.com") || host == "127.0.0.1"
      || host == "localhost" || host == "[::1]"
  }

  /// `v2.2: released 2014-10-30, served until 2017-03-27`.
  static func state(of use: VersionUse) -> String {
    guard let release = use.release else { return "not a Graph API version" }
    let end = release.endOfLife.map { "served until \($0)" } ?? "no end of life announced"
    var text = "released \(release.released), \(end)"
    if use.pastEndOfLife > 0 {
      text += "; \(use.pastEndOfLife) call(s) made after its end of life"
    } else if use.beforeRelease > 0 {
      text += "; \(use.beforeRelease) call(s) dated before its release"
    } else if use.firstDay != nil {
      text += "; available when called"
    }
    return text
  }
}
