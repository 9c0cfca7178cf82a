import GraphJSON

/// Generates pairs of Graph API answers (a feed: `data` of posts, `paging`) for the diff
/// benchmark, deterministically from a seed.
enum GraphAnswers {
  /// Two answers with `elements` posts each, differing in 1% of the posts: most of those have
  /// edited fields, some are removed, inserted or moved. Returns the count that differ.
  static func pair(elements: Int, random: inout SplitMix64) -> (JSONValue, JSONValue, Int) {
    let posts = (0..<elements).map { post($0, random: &random) }
    var changed = posts
    let differing = elements / 100
    for n in 0..<differing {
      let i = random.below(changed.count)
      switch n % 10 {
      case 0:
        changed.remove(at: i)
      case 1:
        changed.insert(post(elements + n, random: &random), at: i)
      case 2:
        let item = changed.remove(at: i)
        changed.insert(item, at: random.below(changed.count + 1))
      default:
        guard case .object(var object) = changed[i] else { continue }
        object["message"] = .string("edited \(random.next() % 1_000_000)")
        object["likes"] = ["count": .number(JSONNumber(random.below(1000)))]
        changed[i] = .object(object)
      }
    }
    return (answer(posts), answer(changed), differing)
  }

  static func answer(_ posts: [JSONValue]) -> JSONValue {
    [
      "data": .array(posts),
      "paging": [
        "previous": "https://graph.facebook.com/v2.0/me/feed?limit=25&since=1398860400",
        "next": "https://graph.facebook.com/v2.0/me/feed?limit=25&until=1398774000",
      ],
    ]
  }

  static func post(_ n: Int, random: inout SplitMix64) -> JSONValue {
    let user = 100_000_000_000_000 + random.below(1_000_000)
    let words = ["photo", "trip", "lunch", "Graph", "release", "party", "build", "weekend"]
    var message = "Post \(n):"
    for _ in 0..<(2 + random.below(4)) { message += " " + words[random.below(words.count)] }
    return [
      "id": .string("\(user)_\(10_000_000 + n)"),
      "from": ["name": .string("User \(user % 100_000)"), "id": .string("\(user)")],
      "message": .string(message),
      "created_time": .string("2014-04-\(10 + n % 20)T12:\(10 + n % 50):00+0000"),
      "likes": ["count": .number(JSONNumber(random.below(500)))],
    ]
  }
}
