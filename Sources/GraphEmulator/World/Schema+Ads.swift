/// The Marketing API objects a recording of an ads tool shows, with the fields and edges of
/// the reference (developers.facebook.com/docs/marketing-api/reference: ad-account, campaign,
/// ad-campaign (ad set), adgroup (ad), ad-creative) that such tools read. **[choice]**: the
/// emulator stores and answers them; it does not run ads.
extension Schema {
  static let adAccount = Schema(
    fields: [
      "id", "account_id", "name", "account_status", "age", "amount_spent", "balance",
      "business_name", "currency", "daily_spend_limit", "disable_reason", "end_advertiser",
      "funding_source", "is_personal", "media_agency", "partner", "spend_cap", "timezone_id",
      "timezone_name", "timezone_offset_hours_utc", "users", "created_time", "owner",
      "capabilities", "tax_id_status",
    ].map {
      Field(name: $0, description: "The ad account's \($0.replacingUnderscores)", type: "string")
    },
    edges: [
      Edge(name: "campaigns", target: .campaign), Edge(name: "adsets", target: .adset),
      Edge(name: "adcampaigns", target: .adset), Edge(name: "ads", target: .ad),
      Edge(name: "adgroups", target: .ad), Edge(name: "adcreatives", target: .adcreative),
    ])

  static let campaign = Schema(
    fields: [
      "id", "account_id", "name", "objective", "status", "effective_status",
      "configured_status", "buying_type", "spend_cap", "start_time", "stop_time",
      "created_time", "updated_time", "campaign_group_status",
    ].map {
      Field(name: $0, description: "The campaign's \($0.replacingUnderscores)", type: "string")
    },
    edges: [Edge(name: "adsets", target: .adset), Edge(name: "ads", target: .ad)])

  static let adSet = Schema(
    fields: [
      "id", "account_id", "campaign_id", "campaign_group_id", "name", "status",
      "effective_status", "configured_status", "campaign_status", "daily_budget",
      "lifetime_budget", "budget_remaining", "bid_amount", "bid_info", "billing_event",
      "optimization_goal", "targeting", "start_time", "end_time", "created_time",
      "updated_time",
    ].map {
      Field(name: $0, description: "The ad set's \($0.replacingUnderscores)", type: "string")
    },
    edges: [Edge(name: "ads", target: .ad)])

  static let ad = Schema(
    fields: [
      "id", "account_id", "campaign_id", "adset_id", "campaign_group_id", "name", "status",
      "effective_status", "configured_status", "adgroup_status", "creative", "bid_amount",
      "bid_type", "tracking_specs", "conversion_specs", "created_time", "updated_time",
    ].map { Field(name: $0, description: "The ad's \($0.replacingUnderscores)", type: "string") },
    edges: [Edge(name: "adcreatives", target: .adcreative)])

  static let adCreative = Schema(
    fields: [
      "id", "account_id", "name", "title", "body", "image_hash", "image_url", "link_url",
      "object_id", "object_story_id", "object_story_spec", "object_type", "status",
      "thumbnail_url", "url_tags", "call_to_action_type",
    ].map {
      Field(name: $0, description: "The ad creative's \($0.replacingUnderscores)", type: "string")
    },
    edges: [])

  /// A URL object (developers.facebook.com/docs/graph-api/reference/url): the fields the
  /// public recordings of `GET /?id=URL` show, at v1.0 (`shares`, `comments`) and from v2.0
  /// (`share`, `og_object`), with `engagement` and `app_links` of later versions.
  static let url = Schema(
    fields: ["id", "shares", "comments", "share", "og_object", "engagement", "app_links"].map {
      Field(name: $0, description: "The URL's \($0.replacingUnderscores)", type: "object")
    },
    edges: [])
}
