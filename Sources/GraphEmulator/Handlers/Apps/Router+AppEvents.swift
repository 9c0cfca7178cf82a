import GraphAPI
import GraphJSON

/// `POST <app-id>/activities`, as FBAppEvents and FBSettings `publishInstall` send it:
/// `event=MOBILE_APP_INSTALL` or `CUSTOM_APP_EVENTS` with `custom_events` (a JSON array of
/// objects with `_eventName`), plus `advertiser_id`, `advertiser_tracking_enabled` and
/// `application_tracking_enabled`. Answers `{"success":true}`.
extension Router {
  mutating func logAppEvents(_ call: GraphCall) throws(GraphError) -> Outcome {
    _ = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard let event = call["event"], !event.isEmpty else {
      throw .parameter("The parameter event is required")
    }
    var names: [String] = []
    // The iOS SDK 3.2+ sends the events as a file part, `custom_events_file` (FBAppEvents.m
    // flushOnMainQueue:forReason:), "which the server will then handle as an uploaded file".
    let customEvents =
      call["custom_events"]
      ?? call.files["custom_events_file"].map { String(decoding: $0.bytes, as: UTF8.self) }
    switch event {
    case "MOBILE_APP_INSTALL":
      break
    case "DEFERRED_APP_LINK":
      // FBAppCall.m fetchDeferredAppLink: reads `applink_url`; the emulator has no deferred
      // link for anyone, so the answer has none. [choice]
      break
    case "CUSTOM_APP_EVENTS":
      guard let text = customEvents, !text.isEmpty else {
        throw .parameter("The parameter custom_events is required")
      }
      names = try Self.customEventNames(text)
    default:
      throw .parameter(
        "Param event must be one of {MOBILE_APP_INSTALL, CUSTOM_APP_EVENTS, DEFERRED_APP_LINK}")
    }
    func flag(_ name: String) -> Bool? {
      call[name].map { $0 == "1" || $0.lowercased() == "true" }
    }
    let appEvent = AppEvent(
      event: event, names: names, customEvents: customEvents,
      advertiserID: call["advertiser_id"],
      advertiserTrackingEnabled: flag("advertiser_tracking_enabled"),
      applicationTrackingEnabled: flag("application_tracking_enabled"), time: state.now)
    // Kept for the state's life, so counted in the write budget (issue 44: 400 events of 2 MB
    // were 818 MB).
    let stored = [event, customEvents, call["advertiser_id"]].reduce(0) {
      $0 + ($1?.utf8.count ?? 0)
    }
    try state.mutate { contents throws(GraphError) in
      try contents.written.admit(bytes: stored, objects: 1)
      contents.surface.appEvents.append(appEvent)
    }
    return .json(["success": true])
  }

  /// The `_eventName`s of a `custom_events` array; 100 for anything else.
  static func customEventNames(_ text: String) throws(GraphError) -> [String] {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw .malformedCustomEvents("not JSON")
    }
    guard case .array(let events) = value, !events.isEmpty else {
      throw .malformedCustomEvents("not a non-empty array")
    }
    var names: [String] = []
    for (index, event) in events.enumerated() {
      guard case .object = event, let name = event["_eventName"]?.stringValue, !name.isEmpty else {
        throw .malformedCustomEvents("event \(index) has no _eventName")
      }
      names.append(name)
    }
    return names
  }
}
