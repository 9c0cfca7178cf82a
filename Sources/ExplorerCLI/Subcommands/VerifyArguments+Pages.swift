import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// Page tokens in a recording `verify` sends to a fresh emulator (issue 42): whose Page each
/// token acted as, and which tokens listed Pages with their tokens.
extension VerifyArguments {
  /// For each token the recording's answers show acting as a Page (`GET me` answered with the
  /// Page's id, a `me/...` answer's paging links; else what it made read back from the Page,
  /// `pagesShownByWrites`), the emulator's Page token of that Page, when it has one that works.
  static func pageTokens(
    _ people: RecordedPeople, _ types: [String: String], _ cassette: Cassette, world: World
  ) -> [String: TokenRecord] {
    var out: [String: TokenRecord] = [:]
    var acting = pagesShownByWrites(in: cassette).filter { people.person[$0.key] == nil }
    for placeholder in people.order { acting[placeholder] = people.person[placeholder] }
    for (placeholder, page) in acting {
      guard types[page] == "page" else { continue }
      let token = world.tokens.values.filter {
        $0.kind == .page && $0.pageID == page && $0.invalidation == nil
          && ($0.expiresAt.map { $0 > world.clock } ?? true)
      }.min { $0.token < $1.token }
      if let token { out[placeholder] = token }
    }
    return out
  }

  /// The tokens whose `me/accounts` (or `USER/accounts`) answer listed a Page with its token:
  /// they held `pages_show_list` (or `manage_pages`, its older name). Not the app token's
  /// `APPID/accounts`, which lists test users.
  static func pageListers(in cassette: Cassette) -> Set<String> {
    var out: Set<String> = []
    for interaction in cassette.interactions
    where TokenFamily.issued(answering: interaction.request) == .page {
      guard let token = (try? GraphRequest(parsing: interaction.request))?.accessToken,
        let family = TokenFamily(placeholder: token), family != .app,
        let answer = try? JSONParser.parse(interaction.response.decodedBody),
        let items = answer["data"]?.arrayValue,
        items.contains(where: { $0["access_token"] != nil }),
        // The app's `APPID/accounts` lists its test users (each with a `login_url`).
        !items.contains(where: { $0["login_url"] != nil })
      else { continue }
      out.insert(token)
    }
    return out
  }

  /// Permissions either of which lists a person's Pages with their tokens.
  static let listingPages: Set<String> = ["pages_show_list", "manage_pages"]

  /// For each token, the Page (or person) its own writes show it acting as: an object a POST
  /// with it made (the `id` or `post_id` answered) read back later with `from` naming them.
  /// **[choice]**: the first such read decides.
  static func pagesShownByWrites(in cassette: Cassette) -> [String: String] {
    var madeBy: [String: String] = [:]
    var out: [String: String] = [:]
    for interaction in cassette.interactions {
      guard let request = try? GraphRequest(parsing: interaction.request),
        let token = request.accessToken, TokenFamily(placeholder: token) != nil,
        let answer = try? JSONParser.parse(interaction.response.decodedBody)
      else { continue }
      if request.method == .post {
        for key in ["id", "post_id"] {
          if let id = answer[key]?.stringValue, madeBy[id] == nil { madeBy[id] = token }
        }
      } else if !madeBy.isEmpty {
        authors(in: answer, madeBy, into: &out, depth: 0)
      }
    }
    return out
  }

  /// Notes, for each object in `value` (at most `authorDepth` levels down) whose `id` a token
  /// made, the `from.id` it shows.
  private static func authors(
    in value: JSONValue, _ madeBy: [String: String], into out: inout [String: String], depth: Int
  ) {
    guard depth < authorDepth else { return }
    switch value {
    case .object(let object):
      if let id = object["id"]?.stringValue, let token = madeBy[id], out[token] == nil,
        let from = object["from"]?["id"]?.stringValue
      {
        out[token] = from
      }
      for member in object.members {
        authors(in: member.value, madeBy, into: &out, depth: depth + 1)
      }
    case .array(let items):
      for item in items { authors(in: item, madeBy, into: &out, depth: depth + 1) }
    default: return
    }
  }

  /// How deep `pagesShownByWrites` looks into an answer (`data[].comments.data[]` is 5).
  static let authorDepth = 6
}
