/// People as an edge lists them when no `fields` are asked (`{"name":...,"id":...}`), written
/// once per state generation (issue 48). The bytes depend on the person alone (not the viewer,
/// version or edge), and any write starts a new generation. Only used under the emulator's lock.
///
/// Kept two ways:
/// - a **run** per listed edge (owner, stored edge, narrowed to the app's users or not): its
///   people written in list order with commas between, as far as pages have asked, so a page is
///   one copy of a stretch of bytes, with no lookup per person;
/// - by **id**, for a page that starts far past what its edge's run has written (a cursor deep
///   into a long list): the person is found by id, not written again.
final class PersonItems: @unchecked Sendable {
  private var generation = -1
  private var items: [String: [UInt8]] = [:]
  private var runs: [RunKey: Run] = [:]
  /// How many people the runs hold in all.
  private var peopleInRuns = 0
  /// At most this many people are kept by id, and at most `runCapacity` in runs; past either,
  /// that part starts over.
  static let capacity = 8192
  static let runCapacity = 65_536
  /// A run is written on by at most this many people for one page; a page further on is
  /// written person by person.
  static let longestStep = 512

  /// Which list a run holds: `owner`'s stored edge `edge`, narrowed to the app's users or not.
  struct RunKey: Hashable {
    var owner: String
    var edge: String
    var narrowed: Bool
  }

  /// What `write` gives for one id of a list.
  enum Item {
    /// A person's item.
    case person([UInt8])
    /// No node has the id: the page leaves it out.
    case absent
    /// Anything but a person: the list is not kept as a run.
    case other
  }

  /// One edge's people written in order (`bytes`), where each one's item starts and ends
  /// (equal for an absent id), and whether the list holds only people.
  private final class Run {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var ends: [Int] = []
    var people = true
  }

  private func startOver(at generation: Int) {
    if generation != self.generation {
      items.removeAll(keepingCapacity: true)
      runs.removeAll(keepingCapacity: true)
      peopleInRuns = 0
      self.generation = generation
    }
  }

  /// The item of `id` in generation `generation`: kept, or what `write` gives (kept in turn);
  /// `nil` when `write` gives none (the id is not a person's).
  func item(_ id: String, generation: Int, write: () -> [UInt8]?) -> [UInt8]? {
    startOver(at: generation)
    if items.count >= Self.capacity { items.removeAll(keepingCapacity: true) }
    if let kept = items[id] { return kept }
    guard let made = write() else { return nil }
    items[id] = made
    return made
  }

  /// The items of `ids[range]` (the ids of the list `key` names), comma-separated, absent ids
  /// left out, as one stretch of the list's run in generation `generation`; written on with
  /// `write` as far as `range` reaches. `nil` when the list holds anything but people, or the
  /// range starts more than `longestStep` past what the run has written.
  func run(
    _ key: RunKey, ids: EdgeList, range: Range<Int>, generation: Int,
    write: (String) -> Item
  ) -> ArraySlice<UInt8>? {
    startOver(at: generation)
    guard !range.isEmpty, range.upperBound <= ids.count else { return nil }
    let run: Run
    if let kept = runs[key] {
      run = kept
    } else {
      guard range.upperBound <= Self.longestStep else { return nil }
      if runs.count >= 1024 || peopleInRuns >= Self.runCapacity {
        runs.removeAll(keepingCapacity: true)
        peopleInRuns = 0
      }
      run = Run()
      runs[key] = run
    }
    guard run.people else { return nil }
    let written = run.starts.count
    if range.upperBound > written {
      guard range.upperBound - written <= Self.longestStep else { return nil }
      for index in written..<range.upperBound {
        switch write(ids[index]) {
        case .person(let item):
          if !run.bytes.isEmpty { run.bytes.append(UInt8(ascii: ",")) }
          run.starts.append(run.bytes.count)
          run.bytes += item
          run.ends.append(run.bytes.count)
        case .absent:
          run.starts.append(run.bytes.count)
          run.ends.append(run.bytes.count)
        case .other:
          run.people = false
          run.bytes = []
          run.starts = []
          run.ends = []
          return nil
        }
      }
      peopleInRuns += range.upperBound - written
    }
    // From the first present item of the range to the end of its last.
    guard let first = range.first(where: { run.starts[$0] < run.ends[$0] }),
      let last = range.last(where: { run.starts[$0] < run.ends[$0] })
    else { return [] }
    return run.bytes[run.starts[first]..<run.ends[last]]
  }

  /// How many people are kept written (by id and in runs).
  var count: Int { items.count + peopleInRuns }

  /// How many edges are kept as runs.
  var runCount: Int { runs.count }
}
