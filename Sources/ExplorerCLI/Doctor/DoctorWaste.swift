import GraphAPI
import GraphJSON

/// Calls a session could have done without: the same GET repeated, a paging loop (a cursor
/// requested twice), an edge paged one call at a time where one nested field selection would
/// do, and runs of single-node GETs a batch would carry.
struct DoctorWaste {
  /// A GET made more than once.
  struct Repeat {
    var summary: String
    var first: Int
    var count: Int
    var interactions: [Int]
  }

  /// An edge read page by page.
  struct Paging {
    var edge: String
    var summary: String
    /// Pages with items in the current read (from its first page), and their items.
    var pages = 0
    var items = 0
    /// The read with the most pages with items: pages and items.
    var longestPages = 0
    var longestItems = 0
    /// Reads started again from the first page (a pull-to-refresh) after the first read.
    var restarts = 0
    var interactions: [Int] = []
    /// The cursors requested in the current read, hashed (a 100,000-page loop keeps integers,
    /// not strings).
    var cursors: Set<Int> = []
    /// Where a cursor was requested again within one read.
    var loopAt: [Int] = []
  }

  /// A run of single-node GETs in a row.
  struct FanOut {
    var first: Int
    var count: Int
    var interactions: [Int]
  }

  /// The cursor parameters of Graph's cursor-, time- and offset-based paging.
  static let cursorParameters = [
    "after", "before", "until", "since", "offset", "__after_id",
    "__before_id", "__paging_token",
  ]
  /// At most this many repeated GETs and paged edges are described (all are counted).
  static let keptLimit = 10_000
  /// At most this many operations go in one batch.
  static let batchLimit = 50

  /// Hash of each GET's key → (count, first interaction).
  private var seen: [Int: (count: Int, first: Int)] = [:]
  private(set) var repeats: [Int: Repeat] = [:]
  private(set) var paging: [String: Paging] = [:]
  /// The first 100 runs.
  private(set) var fanOuts: [FanOut] = []
  private(set) var fanOutRuns = 0
  private(set) var fanOutCalls = 0
  /// The calls batches of `batchLimit` would have saved over every run.
  private(set) var fanOutSaved = 0
  private var run: FanOut?
  private var runToken: String?

  mutating func add(_ call: DoctorCall) {
    guard call.method == "GET" else {
      closeRun()
      return
    }
    var hasher = Hasher()
    hasher.combine(call.key)
    hasher.combine(call.token)
    let hash = hasher.finalize()
    if var entry = seen[hash] {
      entry.count += 1
      seen[hash] = entry
      if var repeated = repeats[hash] {
        repeated.count = entry.count
        if repeated.interactions.count < DoctorFinding.shownInteractions {
          repeated.interactions.append(call.number)
        }
        repeats[hash] = repeated
      } else if repeats.count < Self.keptLimit {
        repeats[hash] = Repeat(
          summary: call.summary, first: entry.first, count: entry.count,
          interactions: [entry.first, call.number])
      }
    } else {
      seen[hash] = (1, call.number)
    }
    readPaging(call)
    readFanOut(call)
  }

  private mutating func readPaging(_ call: DoctorCall) {
    let cursor = Self.cursorParameters.lazy.compactMap { name in
      call.parameters[name].map { "\(name)=\($0)" }
    }.first
    let listed = call.json?["data"]?.arrayValue
    guard cursor != nil || call.json?["paging"] != nil, let listed else { return }
    let others = call.parameters.filter { item in
      !Self.cursorParameters.contains(item.name) && item.name != "access_token"
        && item.name != "appsecret_proof"
    }.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
    // The edge without its node: the first page is `me/friends`, the `next` links Graph writes
    // name the node by id (`1000.../friends`), and both are one read.
    let parts = call.path.split(separator: "/")
    let edgeName = parts.count > 1 ? parts.dropFirst().joined(separator: "/") : call.path
    let edge = "\(call.host)/\(edgeName)?\(others) \(call.token ?? "")"
    guard paging[edge] != nil || paging.count < Self.keptLimit else { return }
    var entry = paging[edge] ?? Paging(edge: call.path, summary: call.summary)
    if cursor == nil, paging[edge] != nil {
      // The first page again: a new read (a refresh), not a cursor followed twice.
      entry.restarts += 1
      entry.pages = 0
      entry.items = 0
      entry.cursors.removeAll(keepingCapacity: true)
    }
    // An empty page is the end of the list being confirmed, not a page of items.
    if !listed.isEmpty || entry.pages == 0 {
      entry.pages += 1
      entry.items += listed.count
    }
    if entry.pages > entry.longestPages {
      entry.longestPages = entry.pages
      entry.longestItems = entry.items
    }
    if entry.interactions.count < DoctorFinding.shownInteractions {
      entry.interactions.append(call.number)
    }
    if let cursor, !entry.cursors.insert(cursor.hashValue).inserted, entry.loopAt.count < 20 {
      entry.loopAt.append(call.number)
    }
    paging[edge] = entry
  }

  /// A GET of one node by id (`/10150146071791729`), with the same token as the run before it.
  private mutating func readFanOut(_ call: DoctorCall) {
    let parts = call.path.split(separator: "/")
    let isNode = parts.count == 1 && parts[0].allSatisfy { $0.isNumber || $0 == "_" }
    guard isNode else {
      closeRun()
      return
    }
    if var current = run, runToken == call.token {
      current.count += 1
      if current.interactions.count < DoctorFinding.shownInteractions {
        current.interactions.append(call.number)
      }
      run = current
    } else {
      closeRun()
      run = FanOut(first: call.number, count: 1, interactions: [call.number])
      runToken = call.token
    }
  }

  private mutating func closeRun() {
    if let current = run, current.count >= 3 {
      fanOutRuns += 1
      fanOutCalls += current.count
      fanOutSaved += current.count - (current.count + Self.batchLimit - 1) / Self.batchLimit
      if fanOuts.count < 100 { fanOuts.append(current) }
    }
    run = nil
    runToken = nil
  }

  mutating func finish() { closeRun() }
}
