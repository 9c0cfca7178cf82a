import GraphAPI
import GraphCassette
import GraphJSON

extension RecordedWorld {
  /// Error codes Graph answers a read whose token is missing or bad with (104, 190, 102): it
  /// checked the name first (an unknown one is 803), so a name answered so is an object's.
  static let tokenErrorCodes: Set<Int> = [102, 104, 190]

  /// The first id given to an object only ever read by a name Graph answered with a token
  /// error (**[choice]**: ids no Graph Page has, numbered in the order the names came).
  static let firstRefusedNameID = 159_999_999_990_001

  /// Keeps the name a GET read an object by when Graph answered it with a token error: Graph
  /// knew the name (it answers 803 for one it does not, before looking at the token).
  mutating func learnRefusedName(_ interaction: Interaction) {
    let request = interaction.request
    guard GraphMethod(name: request.method) == .get, interaction.response.status >= 400,
      VerifyScope.isGraph(request.url), var path = URLParts(request.url)?.pathComponents,
      let answer = try? JSONParser.parse(interaction.response.decodedBody),
      let code = answer["error"]?["code"]?.numberValue?.intValue,
      Self.tokenErrorCodes.contains(code)
    else { return }
    if let first = path.first, first.hasPrefix("v"), GraphRequest.normalisedVersion(first) != nil {
      path.removeFirst()
    }
    guard let head = path.first?.removingPercentEncoding, !head.isEmpty, head != "me",
      head != "app", !GraphRequest.isIDShaped(head)
    else { return }
    let name = head.lowercased()
    if !refusedNames.contains(name) { refusedNames.append(name) }
  }

  /// Gives each name only a token error answered a Page of its own, which the world's
  /// `aliases` name it by (so the emulator answers the token error as Graph did).
  mutating func settleRefusedNames() {
    var next = Self.firstRefusedNameID
    for name in refusedNames where aliases[name] == nil {
      while types[String(next)] != nil { next += 1 }
      let id = String(next)
      types[id] = "page"
      fields[id] = JSONObject()
      added["page", default: 0] += 1
      aliases[name] = id
    }
  }
}
