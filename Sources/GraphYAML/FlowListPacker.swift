/// Packs a flow sequence of string scalars in place: the gathered text of `[a, 'b', "c"]`
/// becomes the strings' bytes one after another (`abc`) and where each ends, with no `String`
/// or `JSONValue` per item. What `FlowParser` reads for such a list, byte for byte; anything
/// else (a nested collection, an item typed null, boolean or number, malformed text) is left
/// to it.
enum FlowListPacker {
  /// Packs `text` (a whole flow collection, as `YAMLReader.flow` gathers it) when it is a
  /// sequence of one or more string scalars: `text` becomes their bytes (its capacity kept)
  /// and the result is where each ends. Returns nil, with `text` unchanged, otherwise.
  static func pack(_ text: inout [UInt8]) -> [UInt32]? {
    guard text.count < Int(UInt32.max), let count = scan(&text, write: false), count > 0 else {
      return nil
    }
    var ends: [UInt32] = []
    ends.reserveCapacity(count)
    _ = scan(&text, write: true) { ends.append(UInt32($0)) }
    return ends
  }

  /// Reads the sequence, checking it (`write` false) or packing it (`write` true, after a check
  /// that succeeded), calling `end` with where each item's bytes end. Returns how many items.
  private static func scan(
    _ text: inout [UInt8], write: Bool, end: (Int) -> Void = { _ in }
  ) -> Int? {
    let scanned = text.withUnsafeMutableBufferPointer { b -> (items: Int, bytes: Int)? in
      let n = b.count
      var i = 0
      var w = 0
      var items = 0
      func skipSpaces() { while i < n, b[i] == 0x20 { i += 1 } }
      skipSpaces()
      guard i < n, b[i] == UInt8(ascii: "[") else { return nil }
      i += 1
      while true {
        skipSpaces()
        guard i < n else { return nil }
        if b[i] == UInt8(ascii: "]") {
          i += 1
          break
        }
        let c = b[i]
        // A nested collection or a tagged item (`!!python/unicode '...'`): the parser's.
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") || c == UInt8(ascii: "!") {
          return nil
        }
        if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
          // Quoted: `''` in single quotes, `\n`, `\t` and `\x` (as x) in double ones.
          i += 1
          var closed = false
          while i < n {
            let ch = b[i]
            if ch == c {
              if c == UInt8(ascii: "'"), i + 1 < n, b[i + 1] == c {
                if write { b[w] = c }
                w += 1
                i += 2
                continue
              }
              i += 1
              closed = true
              break
            }
            var out = ch
            var used = 1
            if c == UInt8(ascii: "\""), ch == UInt8(ascii: "\\"), i + 1 < n {
              switch b[i + 1] {
              case UInt8(ascii: "n"): out = 0x0A
              case UInt8(ascii: "t"): out = 0x09
              default: out = b[i + 1]
              }
              used = 2
            }
            if write { b[w] = out }
            w += 1
            i += used
          }
          guard closed else { return nil }
        } else {
          // Plain: up to `,`, `]` or `}`, trimmed, and typed as a string by YAML's rules.
          let first = i
          while i < n, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "]"),
            b[i] != UInt8(ascii: "}")
          {
            i += 1
          }
          var lo = first
          var hi = i
          while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
          while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
          guard YAMLReader.plainType(UnsafeBufferPointer(rebasing: b[lo..<hi])) == .string else {
            return nil
          }
          if write {
            for k in lo..<hi {
              b[w] = b[k]
              w += 1
            }
          } else {
            w += hi - lo
          }
        }
        items += 1
        end(w)
        skipSpaces()
        guard i < n else { return nil }
        if b[i] == UInt8(ascii: ",") {
          i += 1
        } else if b[i] != UInt8(ascii: "]") {
          return nil
        }
      }
      skipSpaces()
      guard i == n || b[i] == UInt8(ascii: "#") else { return nil }
      return (items, w)
    }
    guard let scanned else { return nil }
    if write { text.removeLast(text.count - scanned.bytes) }
    return scanned.items
  }
}
