import GraphAPI
import GraphJSON

/// `GET <app-id>/app_event_types`: "Information for all App Events logged by this app"
/// (Application App Event Types reference), as the Mobile App Custom Audiences guide's "App
/// events API" describes the answer: `data`, one object per event name with `event_name`,
/// `display_name`, `description` and `parameters` (each `parameter_name`, `display_name`,
/// `description`). The events are those logged through `POST <app-id>/activities`
/// (`CUSTOM_APP_EVENTS`), each name once, in the order first logged. [choice]
extension Router {
  func appEventTypes(_ call: GraphCall) throws(GraphError) -> Outcome {
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard viewer.hasToken else { throw .tokenRequired }
    // "You need an access token associated with the app_id with an admin, developer, or
    // advertiser role": the app's token, or a person with a role on the app.
    let hasRole = viewer.userID.map { state.world.app.testers.contains($0) } ?? false
    guard viewer.isApp || hasRole else { throw .insightsNotOwned }
    let asked = try Self.askedFields(call["fields"])
    let data = Self.eventTypes(of: state.surface.appEvents).map { type in
      let object = Self.render(type)
      return JSONValue.object(JSONObject(object.members.filter { asked?.contains($0.key) ?? true }))
    }
    return .json(["data": .array(data)])
  }

  /// The members of an event type, in the order Graph's reference lists them.
  static let eventTypeFields = ["event_name", "display_name", "description", "parameters"]

  /// The top-level names of `fields` (a name's `{…}` subfields are not applied), `nil` when
  /// none are asked; a name the type has not: 100 as for any node. [choice]
  static func askedFields(_ text: String?) throws(GraphError) -> Set<String>? {
    guard let text, !text.isEmpty else { return nil }
    var names: Set<String> = []
    var depth = 0
    var current = ""
    for character in text + "," {
      switch character {
      case "{": depth += 1
      case "}": depth -= 1
      case "," where depth == 0:
        let name = String(current.split(separator: ".").first ?? "").filter { $0 != " " }
        current = ""
        guard !name.isEmpty else { continue }
        guard eventTypeFields.contains(name) else {
          throw .parameter(
            "Tried accessing nonexisting field (\(name)) on node type (ApplicationAppEventTypes)")
        }
        names.insert(name)
      default:
        if depth == 0 { current.append(character) }
      }
    }
    return names
  }

  /// One logged event name and the parameter names logged with it, in first-seen order.
  struct LoggedEventType: Sendable, Hashable {
    var name: String
    var parameters: [String]
  }

  /// The distinct event names of `events` with their parameters. Parameters are the keys of
  /// each logged event that do not start with `_` (the SDK's own `_eventName`, `_logTime`,
  /// `_valueToSum`, `_implicitlyLogged`, `_ui`, `_session_id`). [choice]
  static func eventTypes(of events: [AppEvent]) -> [LoggedEventType] {
    var types: [LoggedEventType] = []
    var index: [String: Int] = [:]
    for event in events where event.event == "CUSTOM_APP_EVENTS" {
      guard let text = event.customEvents, case .array(let logged)? = try? JSONParser.parse(text)
      else { continue }
      for case .object(let object) in logged {
        guard let name = object["_eventName"]?.stringValue else { continue }
        let position =
          index[name]
          ?? {
            types.append(LoggedEventType(name: name, parameters: []))
            index[name] = types.count - 1
            return types.count - 1
          }()
        for key in object.keys
        where !key.hasPrefix("_") && !types[position].parameters.contains(key) {
          types[position].parameters.append(key)
        }
      }
    }
    return types
  }

  /// An event type as the guide lists it; a custom event or parameter is named by itself and
  /// has no `description` ("Verbose description of standard event"). [choice]
  static func render(_ type: LoggedEventType) -> JSONObject {
    func described(_ nameKey: String, _ name: String, _ entry: StandardAppEvents.Entry?)
      -> JSONObject
    {
      var object = JSONObject()
      object.append(nameKey, .string(name))
      object.append("display_name", .string(entry?.displayName ?? name))
      if let entry { object.append("description", .string(entry.description)) }
      return object
    }
    var object = described("event_name", type.name, StandardAppEvents.events[type.name])
    let parameters = type.parameters.map { name in
      JSONValue.object(described("parameter_name", name, StandardAppEvents.parameters[name]))
    }
    object.append("parameters", .array(parameters))
    return object
  }
}
