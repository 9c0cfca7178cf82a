import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `GET <app-id>/app_event_types` (issue 43): the events the iOS SDK logged, read as
/// facebook-python-business-sdk's `Application.get_app_event_types` asks for them (a GET of
/// `<app-id>/app_event_types` with the token as `access_token`) and as its `ObjectParser` reads
/// them (each item of `data` an object of `event_name`, `display_name`, `description`,
/// `parameters`).
@Suite struct AppEventTypesTests {
  static let path = "v2.2/\(AppSurfaceTests.app)/app_event_types"

  /// FBAppEvents' flush, which the emulator answers `{"success":true}`.
  static func logged(_ emulator: GraphEmulator, _ events: String) {
    let answer = SDKWire.flushAppEvents(emulator, events)
    #expect(answer.text == #"{"success":true}"#, "\(answer.text)")
  }

  @Test func listsTheLoggedEventsWithTheirParameters() throws {
    let emulator = GraphEmulator()
    #expect(call(emulator, Self.path, token: AppSurfaceTests.appToken).json == ["data": []])
    Self.logged(
      emulator,
      #"[{"_eventName":"fb_mobile_activate_app","_logTime":1417000000},"#
        + #"{"_eventName":"fb_mobile_purchase","_valueToSum":4.99,"fb_currency":"USD","#
        + #""_logTime":1417000001},{"_eventName":"mealShared","meal":"pizza","_logTime":1}]"#)
    Self.logged(
      emulator,
      #"[{"_eventName":"fb_mobile_activate_app","_logTime":1417000100},"#
        + #"{"_eventName":"mealShared","friends":"2","meal":"soup","_logTime":2}]"#)
    let answer = call(emulator, Self.path, token: AppSurfaceTests.appToken)
    #expect(answer.status == 200, "\(answer.text)")
    let data = try #require(answer.json?["data"]?.arrayValue)
    #expect(
      data.map { $0["event_name"] } == [
        "fb_mobile_activate_app", "fb_mobile_purchase", "mealShared",
      ])
    #expect(data[0]["display_name"] == "Activate App")
    #expect(data[0]["description"] == "Log this event when an app is being activated.")
    #expect(data[0]["parameters"] == [])
    #expect(
      data[1]["parameters"]
        == [
          [
            "parameter_name": "fb_currency", "display_name": "Currency",
            "description": "Currency for event",
          ]
        ])
    // A custom event is named by itself, has no description, and keeps every parameter it was
    // logged with, in the order first seen.
    #expect(data[2]["display_name"] == "mealShared")
    #expect(data[2]["description"] == nil)
    #expect(data[2]["parameters"]?.arrayValue?.map { $0["parameter_name"] } == ["meal", "friends"])
    // facebook-python-business-sdk's `get_app_event_types(fields=[...])` sends `fields`.
    let named = call(
      emulator, Self.path + "?fields=event_name,parameters{parameter_name}",
      token: AppSurfaceTests.appToken)
    let purchase = named.json?["data"]?[1]
    #expect(purchase?.objectValue?.keys == ["event_name", "parameters"], "\(named.text)")
    #expect(purchase?["parameters"] == data[1]["parameters"])
    let unknown = call(emulator, Self.path + "?fields=count", token: AppSurfaceTests.appToken)
    #expect(
      unknown.json?["error"]?["message"]
        == "(#100) Tried accessing nonexisting field (count) on node type (ApplicationAppEventTypes)"
    )
    // The same at v1.0, and through `app` for the app's id.
    #expect(
      call(emulator, "v1.0/app/app_event_types", token: AppSurfaceTests.appToken).json
        == answer.json)
  }

  @Test func needsTheAppOrSomeoneWithARole() {
    let emulator = GraphEmulator()
    #expect(call(emulator, Self.path, token: nil).json?["error"]?["code"] == 104)
    #expect(
      call(emulator, Self.path, token: "CAAEmuAlice").json == ["data": []], "Alice is a developer")
    let marco = call(emulator, Self.path, token: "CAAEmuMarco")
    #expect(marco.json?["error"]?["code"] == 3000, "\(marco.text)")
    #expect(marco.json?["error"]?["type"] == "OAuthException")
    #expect(
      call(emulator, Self.path, method: "POST", token: AppSurfaceTests.appToken).status == 400)
  }
}
