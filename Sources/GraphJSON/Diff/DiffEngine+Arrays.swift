/// How one element of the differing middle of an array fares.
enum ElementFate {
  /// Removed (old side) or inserted (new side).
  case unmatched
  /// Stays in order, matched with the element at this index on the other side.
  case kept(Int)
  /// Matched with the element at this index on the other side, out of order.
  case moved(Int)
}

extension DiffEngine {
  /// Ordered array diff: trims equal ends, aligns the middle by tokens, turns unmatched
  /// elements with equal tokens into moves, pairs the remaining unkeyed removals and inserts
  /// that stand in the same gap into in-place changes, then emits differences and operations.
  mutating func diffArrays(
    _ x: [Node], _ y: [Node], pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    var start = 0
    while start < x.count && start < y.count && hasher.equal(x[start], y[start]) { start += 1 }
    var endX = x.count
    var endY = y.count
    while endX > start && endY > start && hasher.equal(x[endX - 1], y[endY - 1]) {
      endX -= 1
      endY -= 1
    }
    if start == endX && start == endY { return }
    let na = endX - start
    let nb = endY - start

    // The token table, and then the alignment's pairs, are let go as soon as they have served
    // (issue 48: held to the end, each stood on the diff's peak beside the next).
    let ta: [Int32]
    let keyedA: [Bool]
    let tb: [Int32]
    let keyedB: [Bool]
    do {
      var table = TokenTable<Node>(hasher: hasher, keys: options.keys, capacity: max(na, nb))
      (ta, keyedA) = table.tokens(for: x[start..<endX])
      (tb, keyedB) = table.tokens(for: y[start..<endY])
    }

    var fateA = FateList(count: na)
    var fateB = FateList(count: nb)
    var anyMove = false
    let kept: [(Int, Int)]
    do {
      let aligned = ArrayAlignment.align(ta, tb)
      for (i, j) in aligned {
        fateA[i] = .kept(j)
        fateB[j] = .kept(i)
      }
      if aligned.count < na && aligned.count < nb {
        var waiting: [Int32: [Int]] = [:]
        for i in (0..<na).reversed() where fateA[i].isUnmatched {
          waiting[ta[i], default: []].append(i)
        }
        for j in 0..<nb where fateB[j].isUnmatched {
          if let i = waiting[tb[j]]?.popLast() {
            fateA[i] = .moved(j)
            fateB[j] = .moved(i)
            anyMove = true
          }
        }
      }
      kept = pairInGaps(
        aligned, fateA: &fateA, fateB: &fateB, keyedA: keyedA, keyedB: keyedB,
        old: x[start..<endX], new: y[start..<endY])
    }

    // Phase 0: changes inside matched elements, at their old index.
    var inner: [Int: [JSONDifference]] = [:]
    for j in 0..<nb {
      let i: Int
      switch fateB[j] {
      case .kept(let k), .moved(let k): i = k
      case .unmatched: continue
      }
      if ta[i] == tb[j] && !keyedA[i] { continue }  // same value
      if hasher.equal(x[start + i], y[start + j]) { continue }
      var local: [JSONDifference] = []
      pointer.append(String(start + i))
      diff(
        x[start + i], y[start + j], pointer: &pointer, path: path.appending(.index(start + j)),
        into: &local)
      pointer.removeLast()
      inner[j] = local
    }

    // Phase A: removals, highest index first.
    for i in (0..<na).reversed() where fateA[i].isUnmatched {
      operations.append(.remove(path: JSONPointer(tokens: pointer + [String(start + i)])))
    }

    // Phase B: inserts and moves in increasing target order.
    if anyMove {
      emitMovesAndInserts(y, start: start, kept: kept, fateA: fateA, fateB: fateB, pointer: pointer)
    } else {
      for j in 0..<nb where fateB[j].isUnmatched {
        operations.append(
          .add(
            path: JSONPointer(tokens: pointer + [String(start + j)]), value: y[start + j].diffValue
          ))
      }
    }

    // Differences in reading order: walk the gaps between kept pairs.
    var ia = 0
    var ib = 0
    for k in 0...kept.count {
      let (pi, pj) = k < kept.count ? kept[k] : (na, nb)
      for i in ia..<pi where fateA[i].isUnmatched {
        out.append(
          JSONDifference(
            path: path.appending(.index(start + i)), change: .removed(x[start + i].diffValue)))
      }
      for j in ib..<pj {
        switch fateB[j] {
        case .moved(let i):
          out.append(
            JSONDifference(
              path: path.appending(.index(start + j)),
              change: .moved(from: path.appending(.index(start + i)))))
          out.append(contentsOf: inner[j] ?? [])
        case .unmatched:
          out.append(
            JSONDifference(
              path: path.appending(.index(start + j)), change: .added(y[start + j].diffValue)))
        case .kept:
          break
        }
      }
      if pj < nb { out.append(contentsOf: inner[pj] ?? []) }
      ia = pi + 1
      ib = pj + 1
    }
  }

  /// Pairs unkeyed removals with unkeyed inserts in the same gap between kept pairs (in order,
  /// by similarity: `GapPairing`), marking them kept; returns all kept pairs in order.
  private func pairInGaps(
    _ aligned: [(Int, Int)], fateA: inout FateList, fateB: inout FateList, keyedA: [Bool],
    keyedB: [Bool], old: ArraySlice<Node>, new: ArraySlice<Node>
  ) -> [(Int, Int)] {
    var kept: [(Int, Int)] = []
    kept.reserveCapacity(aligned.count)
    var ia = 0
    var ib = 0
    for k in 0...aligned.count {
      let (pi, pj) = k < aligned.count ? aligned[k] : (fateA.count, fateB.count)
      let removed = (ia..<pi).filter { fateA[$0].isUnmatched && !keyedA[$0] }
      let inserted = (ib..<pj).filter { fateB[$0].isUnmatched && !keyedB[$0] }
      if !removed.isEmpty && !inserted.isEmpty {
        let pairs = GapPairing.pairs(
          removed.map { old[old.startIndex + $0] }, inserted.map { new[new.startIndex + $0] },
          hasher: hasher)
        for (r, s) in pairs {
          let i = removed[r]
          let j = inserted[s]
          fateA[i] = .kept(j)
          fateB[j] = .kept(i)
          kept.append((i, j))
        }
      }
      if pi < fateA.count { kept.append((pi, pj)) }
      ia = pi + 1
      ib = pj + 1
    }
    return kept
  }

  /// Emits adds and moves so that each moved element moves once: every element that is ever
  /// in the array gets a slot in one fixed order consistent with all intermediate states, and
  /// a Fenwick tree over the occupied slots gives each current index in O(log n).
  private mutating func emitMovesAndInserts(
    _ y: [Node], start: Int, kept: [(Int, Int)], fateA: FateList, fateB: FateList,
    pointer: [String]
  ) {
    let newItems = fateB.indices.filter { !fateB[$0].isKept }
    let movers = fateA.indices.filter { fateA[$0].isMoved }
    var newSlot = [Int](repeating: -1, count: fateB.count)
    var oldSlot = [Int](repeating: -1, count: fateA.count)
    var keptSlots: [Int] = []
    keptSlots.reserveCapacity(kept.count)
    var slot = 0
    var nb = 0
    var na = 0
    for g in -1..<kept.count {
      if g >= 0 {
        keptSlots.append(slot)
        slot += 1
      }
      let bLimit = g + 1 < kept.count ? kept[g + 1].1 : Int.max
      while nb < newItems.count && newItems[nb] < bLimit {
        newSlot[newItems[nb]] = slot
        slot += 1
        nb += 1
      }
      let aLimit = g + 1 < kept.count ? kept[g + 1].0 : Int.max
      while na < movers.count && movers[na] < aLimit {
        oldSlot[movers[na]] = slot
        slot += 1
        na += 1
      }
    }
    var occupied = FenwickTree(count: slot)
    for s in keptSlots { occupied.add(s, 1) }
    for i in movers { occupied.add(oldSlot[i], 1) }
    for j in newItems {
      let target = newSlot[j]
      switch fateB[j] {
      case .moved(let i):
        let from = occupied.prefix(oldSlot[i])
        occupied.add(oldSlot[i], -1)
        let to = occupied.prefix(target)
        occupied.add(target, 1)
        if from != to {
          operations.append(
            .move(
              from: JSONPointer(tokens: pointer + [String(start + from)]),
              path: JSONPointer(tokens: pointer + [String(start + to)])))
        }
      default:
        let to = occupied.prefix(target)
        occupied.add(target, 1)
        operations.append(
          .add(
            path: JSONPointer(tokens: pointer + [String(start + to)]), value: y[start + j].diffValue
          ))
      }
    }
  }
}

/// The fates of one side's elements, four bytes each (issue 48: an enum with its index was
/// sixteen, for every element of the differing middle of both arrays).
struct FateList {
  /// -1 unmatched, `k` kept with `k`, `-2 - k` moved to or from `k`.
  private var codes: [Int32]

  init(count: Int) { codes = [Int32](repeating: -1, count: count) }

  var count: Int { codes.count }
  var indices: Range<Int> { codes.indices }

  subscript(position: Int) -> ElementFate {
    get {
      let code = Int(codes[position])
      if code == -1 { return .unmatched }
      return code >= 0 ? .kept(code) : .moved(-2 - code)
    }
    set {
      switch newValue {
      case .unmatched: codes[position] = -1
      case .kept(let k): codes[position] = Int32(k)
      case .moved(let k): codes[position] = Int32(-2 - k)
      }
    }
  }
}

extension ElementFate {
  fileprivate var isUnmatched: Bool {
    if case .unmatched = self { return true }
    return false
  }
  fileprivate var isKept: Bool {
    if case .kept = self { return true }
    return false
  }
  fileprivate var isMoved: Bool {
    if case .moved = self { return true }
    return false
  }
}
