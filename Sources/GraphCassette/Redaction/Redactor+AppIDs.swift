import GraphAPI
import GraphJSON

extension Redactor {
  /// The app ids `interaction` shows to be an app's (issue 42): the `client_id` of an
  /// `oauth/access_token` exchange Graph answered without an error, and the `id` of an app node
  /// (`GET app`, or an answer with `metadata=1` whose `metadata.type` is `application`). An app id is public (it
  /// is in every URL and answer): a value that is one is never made a placeholder, even where a
  /// client also sent it as a (wrong) `client_secret`, so that the recording still names its
  /// app (a public recording: `client_id=GetG5&client_secret=APPID`).
  static func appIDs(shownBy interaction: Interaction) -> [String] {
    let request = interaction.request
    // Most requests name neither: one byte search each before the URL is taken apart.
    guard interaction.response.status < 400,
      appShaped.contains(where: { ByteSearch.contains($0, in: request.url) }),
      let parts = URLParts(request.url)
    else { return [] }
    var path = parts.pathComponents[...]
    if let head = path.first, head.hasPrefix("v"), GraphRequest.normalisedVersion(head) != nil {
      path = path.dropFirst()
    }
    if path.elementsEqual(["oauth", "access_token"]) {
      let form = QueryItems(parsing: String(decoding: request.body, as: UTF8.self))
      let id = parts.queryItems["client_id"] ?? form["client_id"]
      return id.map { isAppID($0) ? [$0] : [] } ?? []
    }
    // Read only where an app may answer: `GET app`, or an object asked for its `metadata`.
    guard GraphMethod(name: request.method) == .get, path.count == 1,
      path.first == "app" || parts.queryItems["metadata"] == "1",
      let answer = try? JSONParser.parse(interaction.response.decodedBody),
      let id = answer["id"]?.stringValue, isAppID(id)
    else { return [] }
    let isApp = path.first == "app" || answer["metadata"]?["type"]?.stringValue == "application"
    return isApp ? [id] : []
  }

  /// The app ids the whole of `cassette` shows (`appIDs(shownBy:)`): public values a printed
  /// report keeps as they are.
  public static func appIDs(in cassette: Cassette) -> Set<String> {
    var ids = Set<String>()
    for interaction in cassette.interactions { ids.formUnion(appIDs(shownBy: interaction)) }
    return ids
  }

  /// What the URL of a request that can show an app's id holds.
  static let appShaped: [[UInt8]] = ["oauth/access_token", "/app", "metadata=1"].map {
    Array($0.utf8)
  }

  /// An app id's shape: digits only.
  static func isAppID(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}
