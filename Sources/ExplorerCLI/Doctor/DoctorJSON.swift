import GraphJSON

/// `doctor --json`: the reports as one JSON document with stable keys (docs/doctor.md lists
/// them): `{"doctor": 1, "reports": [...]}`.
enum DoctorJSON {
  /// The format version of the document.
  static let version = 1

  static func document(_ reports: [DoctorReport]) -> JSONValue {
    var root = JSONObject()
    root.append("doctor", int(version))
    root.append("reports", .array(reports.map(report)))
    return .object(root)
  }

  static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
  static func ints(_ values: [Int]) -> JSONValue { .array(values.map(int)) }
  static func strings(_ values: some Sequence<String>) -> JSONValue {
    .array(values.map { .string($0) })
  }
  static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

  static func report(_ report: DoctorReport) -> JSONValue {
    let analysis = report.analysis
    var object = JSONObject()
    object.append("file", .string(report.file))
    object.append("format", .string(report.format))
    object.append("worst", optional(report.worst?.name))
    object.append("overview", overview(analysis.overview))
    object.append(
      "identities",
      .array(
        analysis.identities.order.compactMap { label in
          analysis.identities.tokens[label].map(token)
        }))
    object.append(
      "errors",
      .array(
        analysis.errors.order.compactMap { cause in
          analysis.errors.groups[cause].map(group)
        }))
    object.append("throttling", throttling(analysis.throttling))
    object.append("secrets", int(analysis.secretCount))
    object.append("findings", .array(report.findings.map(finding)))
    return .object(object)
  }

  static func overview(_ overview: DoctorOverview) -> JSONValue {
    var object = JSONObject()
    object.append("interactions", int(overview.interactions))
    object.append("first_day", optional(overview.firstDay))
    object.append("last_day", optional(overview.lastDay))
    object.append(
      "duration_seconds",
      overview.firstTime.flatMap { first in
        overview.lastTime.map { .number(JSONNumber(($0 - first).rounded())) }
      } ?? .null)
    object.append(
      "hosts",
      .array(
        overview.hostOrder.map { host in
          ["host": .string(host), "calls": int(overview.hosts[host] ?? 0)]
        }))
    object.append(
      "statuses",
      .object(
        JSONObject(
          overview.statuses.keys.sorted().map { key in
            .init(key: key == 0 ? "other" : "\(key)xx", value: int(overview.statuses[key] ?? 0))
          })))
    object.append(
      "versions",
      .array(
        overview.versions.values.sorted { $0.version < $1.version }.map { use in
          var entry = JSONObject()
          entry.append("version", .string(use.version))
          entry.append("calls", int(use.calls))
          entry.append("released", optional(use.release?.released))
          entry.append("end_of_life", optional(use.release?.endOfLife))
          entry.append("calls_past_end_of_life", int(use.pastEndOfLife))
          entry.append("state", .string(DoctorOverview.state(of: use)))
          return .object(entry)
        }))
    object.append("unversioned_calls", int(overview.unversioned))
    return .object(object)
  }

  static func token(_ token: DoctorIdentities.Token) -> JSONValue {
    var object = JSONObject()
    object.append("token", .string(token.label))
    object.append("kind", .string(token.kind))
    object.append("owner", optional(token.owner))
    object.append("app", optional(token.app))
    object.append("calls", int(token.calls))
    object.append("first_interaction", token.firstCall.map(int) ?? .null)
    object.append("last_interaction", token.lastCall.map(int) ?? .null)
    object.append("granted", strings(token.granted.sorted()))
    object.append("declined", strings(token.declined.sorted()))
    object.append("missing", strings(token.missing.sorted()))
    object.append(
      "died",
      token.death.map { death in
        ["interaction": int(death.interaction), "reason": .string(death.reason)]
      } ?? .null)
    object.append("calls_after_death", int(token.callsAfterDeathCount))
    object.append(
      "events",
      .array(
        token.events.map { event in
          ["interaction": int(event.0), "event": .string(event.1)]
        }))
    return .object(object)
  }

  static func group(_ group: DoctorErrors.Group) -> JSONValue {
    let sdk = group.explanation.sdk
    var object = JSONObject()
    object.append("cause", .string(group.cause))
    object.append("count", int(group.count))
    object.append("interactions", ints(group.interactions))
    object.append("batch_items", strings(group.batchItems))
    object.append("http_status", int(group.explanation.status))
    object.append("message", optional(group.explanation.error?.message))
    object.append("title", optional(group.explanation.entry?.title))
    object.append("fix", optional(group.explanation.entry?.fix))
    var view = JSONObject()
    view.append("category", optional(sdk.category?.name))
    view.append("next_step", .string(DoctorNextStep.text(for: sdk)))
    view.append("closes_session", .bool(sdk.sessionEffect == .closeAndClearToken))
    view.append("notify_user", .bool(sdk.shouldNotifyUser))
    view.append("user_message", optional(sdk.userMessage))
    object.append("ios_sdk_3", .object(view))
    object.append(
      "app_next",
      .object(
        JSONObject(
          DoctorErrors.AppNext.allCases.map { outcome in
            .init(key: outcome.key, value: int(group.appNext[outcome] ?? 0))
          })))
    return .object(object)
  }

  static func throttling(_ throttling: DoctorThrottling) -> JSONValue {
    var object = JSONObject()
    object.append(
      "errors",
      .array(
        throttling.errors.keys.sorted().map { code in
          let entry = throttling.errors[code]!
          return [
            "code": int(code), "count": int(entry.count), "interactions": ints(entry.interactions),
          ]
        }))
    object.append(
      "usage",
      .array(
        DoctorThrottling.headers.compactMap { name in
          guard let usage = throttling.usage[name] else { return nil }
          var entry = JSONObject()
          entry.append("header", .string(name))
          entry.append("readings", int(usage.readings))
          entry.append("peak_percent", usage.peak.map { .number(JSONNumber($0.percent)) } ?? .null)
          entry.append("peak_interaction", usage.peak.map { int($0.interaction) } ?? .null)
          entry.append("crossed_100_at", usage.crossed100.map(int) ?? .null)
          return .object(entry)
        }))
    return .object(object)
  }

  static func finding(_ finding: DoctorFinding) -> JSONValue {
    var object = JSONObject()
    object.append("level", .string(finding.level.name))
    object.append("kind", .string(finding.kind))
    object.append("title", .string(finding.title))
    object.append("detail", strings(finding.detail))
    object.append("interactions", ints(finding.interactions))
    object.append("count", int(finding.count))
    return .object(object)
  }
}
