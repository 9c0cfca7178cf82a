/// Aligns two token sequences: finds a long common subsequence and returns its index pairs.
///
/// Common prefixes and suffixes are trimmed first; long stretches are split at tokens that
/// occur exactly once on each side (their longest increasing run, as patience diff does), and
/// what remains between those anchors is aligned with Myers' O(ND) algorithm. When a stretch
/// has no anchors and would cost more than a budget, it is left unaligned (every element
/// deleted and inserted), which keeps the worst case near-linear.
enum ArrayAlignment {
  /// Above this combined length a stretch is split at unique anchors before Myers runs.
  static let anchorThreshold = 256
  /// How deep splitting at anchors may recurse.
  static let maxAnchorDepth = 24
  /// Myers may spend about this many snake steps on one stretch.
  static let budget = 40_000_000

  /// The matched index pairs, increasing in both coordinates.
  ///
  /// - Complexity: O(n + m) for the trimming and anchoring, plus O((n + m) D) for Myers on
  ///   each stretch between anchors, D being the stretch's edit distance (capped).
  static func align(_ a: [Int32], _ b: [Int32]) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    align(a, 0..<a.count, b, 0..<b.count, depth: 0, into: &pairs)
    return pairs
  }

  private static func align(
    _ a: [Int32], _ ar: Range<Int>, _ b: [Int32], _ br: Range<Int>, depth: Int,
    into pairs: inout [(Int, Int)]
  ) {
    var aLow = ar.lowerBound
    var bLow = br.lowerBound
    var aHigh = ar.upperBound
    var bHigh = br.upperBound
    while aLow < aHigh && bLow < bHigh && a[aLow] == b[bLow] {
      pairs.append((aLow, bLow))
      aLow += 1
      bLow += 1
    }
    var suffix: [(Int, Int)] = []
    while aLow < aHigh && bLow < bHigh && a[aHigh - 1] == b[bHigh - 1] {
      aHigh -= 1
      bHigh -= 1
      suffix.append((aHigh, bHigh))
    }
    defer { pairs.append(contentsOf: suffix.reversed()) }
    let n = aHigh - aLow
    let m = bHigh - bLow
    guard n > 0 && m > 0 else { return }
    // Anchors that barely split (a reversed array has chains of length 1) would recurse once
    // per element; past a few levels the stretch goes to Myers and its budget instead.
    if n + m > anchorThreshold && depth < maxAnchorDepth {
      let anchors = uniqueAnchors(a, aLow..<aHigh, b, bLow..<bHigh)
      if !anchors.isEmpty {
        var previous = (aLow, bLow)
        for anchor in anchors {
          align(
            a, previous.0..<anchor.0, b, previous.1..<anchor.1, depth: depth + 1, into: &pairs)
          pairs.append(anchor)
          previous = (anchor.0 + 1, anchor.1 + 1)
        }
        align(a, previous.0..<aHigh, b, previous.1..<bHigh, depth: depth + 1, into: &pairs)
        return
      }
    }
    let maxD = min(n + m, max(64, budget / (n + m)), 4096)
    if let found = myers(a, aLow..<aHigh, b, bLow..<bHigh, maxD: maxD) {
      pairs.append(contentsOf: found)
    }
  }

  /// The longest increasing chain of (i, j) pairs whose token occurs once in each range.
  private static func uniqueAnchors(
    _ a: [Int32], _ ar: Range<Int>, _ b: [Int32], _ br: Range<Int>
  ) -> [(Int, Int)] {
    // Per token: position in a (-1 when repeated), position in b (-2 unseen, -1 repeated).
    let tokenLimit = Int(max(a[ar].max() ?? 0, b[br].max() ?? 0)) + 1
    if tokenLimit <= 4 * (ar.count + br.count) {
      // Dense tokens: arrays indexed by token beat a dictionary.
      var inA = [Int](repeating: -2, count: tokenLimit)
      var inB = [Int](repeating: -2, count: tokenLimit)
      for i in ar { inA[Int(a[i])] = inA[Int(a[i])] == -2 ? i : -1 }
      for j in br where inA[Int(b[j])] >= 0 { inB[Int(b[j])] = inB[Int(b[j])] == -2 ? j : -1 }
      var candidates: [(Int, Int)] = []
      for i in ar where inA[Int(a[i])] == i && inB[Int(a[i])] >= 0 {
        candidates.append((i, inB[Int(a[i])]))
      }
      return longestIncreasing(candidates)
    }
    var seen: [Int32: (Int, Int)] = [:]
    seen.reserveCapacity(ar.count)
    for i in ar {
      if let entry = seen[a[i]] {
        seen[a[i]] = (-1, entry.1)
      } else {
        seen[a[i]] = (i, -2)
      }
    }
    for j in br {
      guard let entry = seen[b[j]], entry.0 >= 0 else { continue }
      seen[b[j]] = (entry.0, entry.1 == -2 ? j : -1)
    }
    var candidates: [(Int, Int)] = []
    for i in ar {
      if let entry = seen[a[i]], entry.0 == i, entry.1 >= 0 { candidates.append((i, entry.1)) }
    }
    return longestIncreasing(candidates)
  }

  /// Patience sorting: the longest subsequence of `pairs` (sorted by `.0`) increasing in `.1`.
  static func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
    guard !pairs.isEmpty else { return [] }
    var tails: [Int] = []  // index into pairs of the smallest tail of each pile
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if pairs[tails[mid]].1 < pair.1 { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [(Int, Int)] = []
    var index = tails[tails.count - 1]
    while index >= 0 {
      result.append(pairs[index])
      index = previous[index]
    }
    return result.reversed()
  }

  /// Myers' greedy O(ND) shortest edit script, returning the matched pairs, or `nil` when the
  /// edit distance exceeds `maxD`.
  static func myers(
    _ a: [Int32], _ ar: Range<Int>, _ b: [Int32], _ br: Range<Int>, maxD: Int
  ) -> [(Int, Int)]? {
    let n = ar.count
    let m = br.count
    let a0 = ar.lowerBound
    let b0 = br.lowerBound
    let offset = maxD + 1
    var v = [Int](repeating: 0, count: 2 * maxD + 3)
    var trace: [Int32] = []
    var distance = -1
    search: for d in 0...maxD {
      var k = -d
      while k <= d {
        var x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n && y < m && a[a0 + x] == b[b0 + y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          distance = d
          break search
        }
        k += 2
      }
      for k in -d...d { trace.append(Int32(v[offset + k])) }
    }
    guard distance >= 0 else { return nil }
    func past(_ round: Int, _ k: Int) -> Int { Int(trace[round * round + k + round]) }
    var pairs: [(Int, Int)] = []
    var x = n
    var y = m
    var d = distance
    while d > 0 {
      let k = x - y
      let down = k == -d || (k != d && past(d - 1, k - 1) < past(d - 1, k + 1))
      let previousK = down ? k + 1 : k - 1
      let previousX = past(d - 1, previousK)
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        pairs.append((a0 + x, b0 + y))
      }
      x = previousX
      y = previousY
      d -= 1
    }
    while x > 0 && y > 0 {
      x -= 1
      y -= 1
      pairs.append((a0 + x, b0 + y))
    }
    return pairs.reversed()
  }
}
