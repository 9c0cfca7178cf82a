/// The session's exchanges, numbered from 1, with the newest kept within a budget: at most
/// `maxCount` of them and `maxBytes` of their bodies (each answer's bytes counted three times,
/// for the bytes, the parsed tree and the request), so that a script of a million lines runs
/// in bounded memory. Older exchanges are forgotten, oldest first; the newest is always kept,
/// whatever its size. As a collection it holds the kept exchanges, oldest first.
struct ExchangeHistory: RandomAccessCollection, Sendable {
  /// The budget unless the session says otherwise: 10,000 exchanges, 64 MiB of bodies.
  static let defaultMaxCount = 10_000
  static let defaultMaxBytes = 64 << 20

  var maxCount: Int
  var maxBytes: Int
  /// The kept exchanges from `head` on; the slots before it are forgotten ones not yet
  /// compacted away.
  private var slots: [Exchange?] = []
  private var head = 0
  private var keptBytes = 0
  /// How many exchanges have been added: the number of the newest.
  private(set) var total = 0

  init(maxCount: Int = defaultMaxCount, maxBytes: Int = defaultMaxBytes) {
    self.maxCount = Swift.max(1, maxCount)
    self.maxBytes = Swift.max(0, maxBytes)
  }

  /// The number the next exchange gets.
  var nextNumber: Int { total + 1 }
  /// How many of the oldest exchanges are forgotten (#1 to #forgotten).
  var forgotten: Int { total - count }

  var startIndex: Int { 0 }
  var endIndex: Int { slots.count - head }
  subscript(position: Int) -> Exchange {
    // Every slot from `head` on holds an exchange (only slots before it are emptied).
    slots[head + position]!
  }

  /// The exchange numbered `number` when it is kept.
  func exchange(numbered number: Int) -> Exchange? {
    guard number > forgotten, number <= total else { return nil }
    return self[number - forgotten - 1]
  }

  /// Adds `exchange` (numbered `nextNumber`), then forgets the oldest ones past the budget.
  mutating func append(_ exchange: Exchange) {
    slots.append(exchange)
    total += 1
    keptBytes += Self.cost(of: exchange)
    while count > 1, count > maxCount || keptBytes > maxBytes {
      keptBytes -= Self.cost(of: slots[head]!)
      slots[head] = nil
      head += 1
    }
    // The forgotten slots are dropped once they are half the array: O(1) amortised.
    if head > 64, head * 2 > slots.count {
      slots.removeFirst(head)
      head = 0
    }
  }

  /// What an exchange is counted as: its answer three times (the bytes, the parsed tree and
  /// the rendering's copies), its request's body and URL, and a fixed part for the rest.
  static func cost(of exchange: Exchange) -> Int {
    3 * exchange.response.body.count + exchange.request.body.count + exchange.request.url.utf8.count
      + exchange.line.utf8.count + 1024
  }
}
