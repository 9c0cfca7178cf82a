/// The predefined app events and parameters, by their wire names, as `GET <app-id>/app_event_types`
/// describes them: "Localized descriptions are provided for predefined events" (Application App
/// Event Types reference). The wire names are the Mobile App Custom Audiences guide's tables
/// (https://developers.facebook.com/docs/marketing-api/audiences/guides/mobile-app-custom-audiences),
/// the event display names the Facebook App Events reference's
/// (https://developers.facebook.com/docs/app-events/reference), `fb_currency`'s display name and
/// description the guide's own example. The other descriptions are the first sentences of the
/// facebook-android-sdk 3.x `AppEventsConstants` comments: Graph's own texts were never
/// published. [choice]
enum StandardAppEvents {
  /// What Graph says of a predefined event or parameter.
  struct Entry: Sendable {
    var displayName: String
    var description: String
  }

  /// The fourteen predefined events of the guide's table, by wire name.
  static let events: [String: Entry] = [
    "fb_mobile_level_achieved": Entry(
      displayName: "Achieve Level",
      description: "Log this event when the user has achieved a level in the app."),
    "fb_mobile_activate_app": Entry(
      displayName: "Activate App", description: "Log this event when an app is being activated."),
    "fb_mobile_add_payment_info": Entry(
      displayName: "Add Payment Info",
      description: "Log this event when the user has entered their payment info."),
    "fb_mobile_add_to_cart": Entry(
      displayName: "Add to Cart",
      description: "Log this event when the user has added an item to their cart."),
    "fb_mobile_add_to_wishlist": Entry(
      displayName: "Add to Wishlist",
      description: "Log this event when the user has added an item to their wishlist."),
    "fb_mobile_complete_registration": Entry(
      displayName: "Complete Registration",
      description: "Log this event when a user has completed registration with the app."),
    "fb_mobile_tutorial_completion": Entry(
      displayName: "Complete Tutorial",
      description: "Log this event when the user has completed a tutorial in the app."),
    "fb_mobile_initiated_checkout": Entry(
      displayName: "Initiate Checkout",
      description: "Log this event when the user has entered the checkout process."),
    "fb_mobile_purchase": Entry(
      displayName: "Purchase",
      description: "Log this event when the user has completed a purchase."),
    "fb_mobile_rate": Entry(
      displayName: "Rate", description: "Log this event when the user has rated an item in the app."
    ),
    "fb_mobile_search": Entry(
      displayName: "Search",
      description: "Log this event when a user has performed a search within the app."),
    "fb_mobile_spent_credits": Entry(
      displayName: "Spend Credits",
      description: "Log this event when the user has spent app credits."),
    "fb_mobile_achievement_unlocked": Entry(
      displayName: "Unlock Achievement",
      description: "Log this event when the user has unlocked an achievement in the app."),
    "fb_mobile_content_view": Entry(
      displayName: "View Content",
      description: "Log this event when a user has viewed a form of content in the app."),
  ]

  /// The eleven standard parameters of the guide's table, by wire name.
  static let parameters: [String: Entry] = [
    "fb_content_id": Entry(
      displayName: "Content ID",
      description: "An ID for the specific piece of content being logged about."),
    "fb_content_type": Entry(
      displayName: "Content Type",
      description: "A generic content type/family for the logged event."),
    "fb_currency": Entry(displayName: "Currency", description: "Currency for event"),
    "fb_description": Entry(
      displayName: "Description",
      description: "A description appropriate to the event being logged."),
    "fb_level": Entry(displayName: "Level", description: "The level achieved."),
    "fb_max_rating_value": Entry(
      displayName: "Max Rating Value", description: "The maximum rating available."),
    "fb_num_items": Entry(
      displayName: "Num Items", description: "How many items are being processed."),
    "fb_payment_info_available": Entry(
      displayName: "Payment Info Available", description: "Whether payment info is available."),
    "fb_registration_method": Entry(
      displayName: "Registration Method",
      description: "The method the user has used to register for the app."),
    "fb_search_string": Entry(
      displayName: "Search String",
      description: "The string provided by the user for a search operation."),
    "fb_success": Entry(
      displayName: "Success",
      description: "Whether the activity being logged about was successful or not."),
  ]
}
