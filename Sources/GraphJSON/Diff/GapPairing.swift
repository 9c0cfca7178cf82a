/// Decides which unkeyed elements removed from one gap of an array and which inserted into the
/// same gap are the same element, changed: an order-preserving pairing that maximises
/// similarity (objects score one point per member they share with the same value), so an
/// element inserted before changed ones does not shift every pairing by one.
enum GapPairing {
  /// Above this many candidate pairs, elements are paired by position.
  static let limit = 4096

  /// Index pairs into `removed` and `inserted`, increasing in both.
  ///
  /// - Complexity: O(d × i) similarity checks for d removed and i inserted elements, when
  ///   d × i is at most `limit`; O(min(d, i)) otherwise.
  static func pairs<Node: DiffNode>(
    _ removed: [Node], _ inserted: [Node], hasher: Node.Comparer
  ) -> [(Int, Int)] {
    let d = removed.count
    let n = inserted.count
    guard d > 0 && n > 0 else { return [] }
    guard d * n <= limit, d > 1 || n > 1 else {
      return (0..<min(d, n)).map { ($0, $0) }
    }
    // score[p][q]: the best total over removed[..<p] and inserted[..<q].
    var score = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: d + 1)
    var weight = [[Int]](repeating: [Int](repeating: 0, count: n), count: d)
    for p in 1...d {
      for q in 1...n {
        let w = similarity(removed[p - 1], inserted[q - 1], hasher)
        weight[p - 1][q - 1] = w
        score[p][q] = max(score[p - 1][q], score[p][q - 1], score[p - 1][q - 1] + w)
      }
    }
    var result: [(Int, Int)] = []
    var p = d
    var q = n
    while p > 0 && q > 0 {
      // On ties, skip rather than pair, which leaves the pairs as early as possible.
      if score[p][q] == score[p - 1][q] {
        p -= 1
      } else if score[p][q] == score[p][q - 1] {
        q -= 1
      } else {
        result.append((p - 1, q - 1))
        p -= 1
        q -= 1
      }
    }
    return result.reversed()
  }

  /// 1 for any two values, plus one per object member both share with equal values.
  static func similarity<Node: DiffNode>(_ a: Node, _ b: Node, _ hasher: Node.Comparer) -> Int {
    guard case .object(let keysX, let valuesX) = a.diffShape,
      case .object(let keysY, let valuesY) = b.diffShape
    else { return 1 }
    let index = MemberIndex(keysY)
    var shared = 1
    for (i, key) in keysX.enumerated() {
      if let j = index.lastIndex(of: key), hasher.equal(valuesX[i], valuesY[j]) {
        shared += 1
      }
    }
    return shared
  }
}
