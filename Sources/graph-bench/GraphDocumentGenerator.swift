/// A deterministic generator of Graph-shaped JSON documents: a page of posts, each with its
/// author, a message (with non-ASCII text and escapes), times, and nested comments and likes
/// that carry their own `data` and `paging`, the whole under a top-level `paging`. Written
/// compactly, as Graph sends it.
struct GraphDocumentGenerator {
  private var random: SplitMix64
  private var output: [UInt8] = []
  private var postSerial = 0

  init(seed: UInt64 = 2013) { random = SplitMix64(seed: seed) }

  static let firstNames = [
    "Alice", "Bob", "Chloé", "Dmitri", "Émilie", "Farah", "Günther", "Hiroshi", "Inês", "José",
    "Kai", "Łukasz", "Maya", "Noël", "Olga", "Priya", "Søren", "Zoë", "陈", "Ngozi",
  ]
  static let lastNames = [
    "Smith", "Müller", "O'Brien", "Dubois", "Kowalski", "Tanaka", "García", "Nguyen", "Okafor",
    "Петров", "Johansson", "Rossi", "Silva", "Kim", "Öztürk", "Novák",
  ]
  static let words = [
    "the", "graph", "api", "photo", "from", "our", "trip", "to", "Zürich", "café", "was",
    "great", "see", "you", "tomorrow", "at", "office", "new", "release", "check", "this", "out",
    "happy", "birthday", "🎉", "weekend", "plans", "naïve", "résumé", "coffee", "☕", "link",
    "party", "friends", "family", "music", "live", "concert", "tickets", "sold", "out", "wow",
  ]
  static let extras = [
    #" \"quoted\""#, #"\nsecond line"#, #" \u00e9t\u00e9"#, #" path\/to\/page"#, #" tab\there"#,
    #" \ud83d\ude00"#, " 100%", " <b>bold</b>", " & more",
  ]

  /// A document of at least `bytes` bytes (it stops after the post that crosses the size).
  mutating func document(bytes: Int) -> [UInt8] {
    output = []
    output.reserveCapacity(bytes + 16_384)
    append(#"{"data":["#)
    var first = true
    while output.count < bytes {
      if !first { append(",") }
      first = false
      post()
    }
    append(#"],"paging":"#)
    paging(path: "me/feed", previous: true)
    append("}")
    return output
  }

  private mutating func post() {
    postSerial += 1
    let author = userID()
    append(#"{"id":""#)
    append("\(author)_\(100_000_000_000_000 + postSerial * 7919)")
    append(#"","from":"#)
    person(id: author)
    append(#","message":""#)
    text(words: 8 + random.below(40))
    append(#"","type":""#)
    append(["status", "photo", "link", "video"][random.below(4)])
    append(#"","created_time":""#)
    time()
    append(#"","updated_time":""#)
    time()
    append(#"","comments":{"data":["#)
    for index in 0..<random.below(6) {
      if index > 0 { append(",") }
      append(#"{"id":""#)
      append("\(author)_\(postSerial)_\(1000 + index)")
      append(#"","from":"#)
      person(id: userID())
      append(#","message":""#)
      text(words: 3 + random.below(20))
      append(#"","created_time":""#)
      time()
      append(#"","like_count":"#)
      append(String(random.below(50)))
      append(#","user_likes":"#)
      append(random.below(4) == 0 ? "true" : "false")
      append("}")
    }
    append(#"],"paging":"#)
    paging(path: "\(author)_\(postSerial)/comments", previous: false)
    append(#"},"likes":{"data":["#)
    for index in 0..<random.below(10) {
      if index > 0 { append(",") }
      append(#"{"id":""#)
      append(String(userID()))
      append(#"","name":""#)
      name()
      append(#""}"#)
    }
    append(#"],"paging":"#)
    paging(path: "\(author)_\(postSerial)/likes", previous: false)
    append("}}")
  }

  private mutating func person(id: Int) {
    append(#"{"name":""#)
    name()
    append(#"","id":""#)
    append(String(id))
    append(#""}"#)
  }

  private mutating func name() {
    append(Self.firstNames[random.below(Self.firstNames.count)])
    append(" ")
    append(Self.lastNames[random.below(Self.lastNames.count)])
  }

  private mutating func text(words: Int) {
    for index in 0..<words {
      if index > 0 { append(" ") }
      append(Self.words[random.below(Self.words.count)])
      if random.below(12) == 0 { append(Self.extras[random.below(Self.extras.count)]) }
    }
  }

  private mutating func time() {
    let month = 1 + random.below(12)
    let day = 1 + random.below(28)
    let hour = random.below(24)
    let minute = random.below(60)
    let second = random.below(60)
    append("201\(random.below(10))-\(pad(month))-\(pad(day))T\(pad(hour)):")
    append("\(pad(minute)):\(pad(second))+0000")
  }

  private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

  private mutating func userID() -> Int { 100_000_000_000_000 + random.below(900_000_000) }

  private mutating func paging(path: String, previous: Bool) {
    let before = cursor()
    let after = cursor()
    append(#"{"cursors":{"before":""#)
    append(before)
    append(#"","after":""#)
    append(after)
    append(#""},"next":"https:\/\/graph.facebook.com\/v2.0\/"#)
    append(path)
    append("?limit=25&after=\(after)\"")
    if previous {
      append(#","previous":"https:\/\/graph.facebook.com\/v2.0\/"#)
      append(path)
      append("?limit=25&before=\(before)\"")
    }
    append("}")
  }

  private mutating func cursor() -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    return String((0..<28).map { _ in alphabet[random.below(alphabet.count)] })
  }

  private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }
}

/// SplitMix64: a small, fast, seeded generator, so every run makes the same document.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
