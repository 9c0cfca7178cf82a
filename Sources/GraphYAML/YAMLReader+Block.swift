import Foundation
import GraphJSON

/// The block walk: mappings, sequences (the streamed one handed to the sink item by item) and
/// the scalars that start on a key or item line.
extension YAMLReader {
  /// The absolute offset of the `:` that ends a mapping key on bytes `lo..<hi`, if it is a
  /// key line.
  func keyColon(_ lo: Int, _ hi: Int) -> Int? {
    guard lo < hi else { return nil }
    var i = lo
    let first = bytes[lo]
    // A tagged key (`!binary "Q29udGVudC1UeXBl":`, as Ruby 1.9 wrote binary strings): the key
    // after the tag. A tag alone (`!ruby/struct:VCR::Request`) is no key.
    if first == UInt8(ascii: "!") {
      let rest = afterTag(lo, hi)
      return rest < hi ? keyColon(rest, hi) : nil
    }
    if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
      i += 1
      while i < hi {
        if bytes[i] == UInt8(ascii: "\\"), first == UInt8(ascii: "\"") {
          i = min(i + 2, hi)
          continue
        }
        if bytes[i] == first {
          if first == UInt8(ascii: "'"), i + 1 < hi, bytes[i + 1] == first {
            i += 2
            continue
          }
          break
        }
        i += 1
      }
      guard i < hi else { return nil }
      let after = i + 1
      guard after < hi, bytes[after] == UInt8(ascii: ":") else { return nil }
      return after + 1 == hi || bytes[after + 1] == Self.space ? after : nil
    }
    switch first {
    case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: ">"),
      UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "*"):
      return nil
    default: break
    }
    while i < hi {
      let ch = bytes[i]
      if ch == UInt8(ascii: ":") {
        if i + 1 == hi || bytes[i + 1] == Self.space { return i }
      } else if ch == UInt8(ascii: "#"), i > lo, bytes[i - 1] == Self.space {
        return nil
      }
      i += 1
    }
    return nil
  }

  mutating func node(minIndent: Int) throws(Failure) -> JSONValue {
    skipBlank()
    guard !atEnd else { return .null }
    let n = indent()
    guard n >= minIndent else { return .null }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      throw failure("nesting deeper than \(Self.maxDepth) levels", column: n + 1)
    }
    let c = start + n
    if isSequenceItem(c, end) { return try sequence(indent: n) }
    if keyColon(c, end) != nil { return try mapping(indent: n) }
    return try scalarValue(startColumn: n, parentIndent: minIndent - 1)
  }

  mutating func mapping(indent n: Int) throws(Failure) -> JSONValue {
    var object = JSONObject()
    let topLevel = depth == 1
    while true {
      skipBlank()
      guard !atEnd, indent() == n else { break }
      let c = start + n
      guard let colon = keyColon(c, end) else {
        if isSequenceItem(c, end) { break }
        throw failure("expected a mapping key", column: n + 1)
      }
      let key = try mappingKey(c, colon, column: n + 1)
      var rest = colon + 1
      while rest < end, bytes[rest] == Self.space { rest += 1 }
      let inside = inItem
      if inside { itemPath.append(object.count) }
      defer { if inside { itemPath.removeLast() } }
      if rest == end || bytes[rest] == UInt8(ascii: "#") {
        advance()
        skipBlank()
        let stream = topLevel && sink != nil && key == streamKey
        if !atEnd, indent() > n {
          if stream, isSequenceItem(contentStart, end) {
            depth += 1
            defer { depth -= 1 }
            object.append(key, try sequence(indent: indent(), streamed: true))
            streamedMember = object.count - 1
          } else {
            object.append(key, try node(minIndent: n + 1))
          }
        } else if !atEnd, indent() == n, isSequenceItem(start + n, end) {
          object.append(key, try sequence(indent: n, streamed: stream))
          if stream { streamedMember = object.count - 1 }
        } else {
          object.append(key, .null)
        }
      } else {
        object.append(key, try scalarValue(startColumn: rest - start, parentIndent: n))
      }
    }
    return .object(object)
  }

  /// The key of a mapping line `lo..<colon`: plain, quoted, or tagged (`!binary "..."`, its
  /// base64 decoded). Apart from `mapping` and never inlined into it, whose frame every level
  /// of nesting repeats (a deep file must meet the depth limit, not the stack's end).
  @inline(never)
  func mappingKey(_ lo: Int, _ colon: Int, column: Int) throws(Failure) -> String {
    var (keyStart, keyEnd) = trimmed(lo, colon)
    let binaryKey = isBinaryTag(keyStart, keyEnd)
    if keyStart < keyEnd, bytes[keyStart] == UInt8(ascii: "!") {
      keyStart = afterTag(keyStart, keyEnd)
    }
    var key: String
    if keyStart < keyEnd,
      bytes[keyStart] == UInt8(ascii: "'") || bytes[keyStart] == UInt8(ascii: "\"")
    {
      let scalar = try Self.withReader(Array(bytes[keyStart..<keyEnd])) {
        (scratch: inout YAMLReader) throws(Failure) in
        try scratch.scalarValue(startColumn: 0, parentIndent: -1)
      }
      guard case .string(let s) = scalar else { throw failure("bad quoted key", column: column) }
      key = s
    } else {
      key = string(keyStart, keyEnd)
    }
    if binaryKey {
      guard let data = Data(base64Encoded: key.filter { !$0.isWhitespace }) else {
        throw failure("a !binary key that is not base64", column: column)
      }
      key = String(decoding: data, as: UTF8.self)
    }
    return key
  }

  mutating func sequence(indent n: Int, streamed: Bool = false) throws(Failure)
    -> JSONValue
  {
    var items: [JSONValue] = []
    var count = 0
    while true {
      skipBlank()
      guard !atEnd, indent() == n, isSequenceItem(start + n, end) else { break }
      // Turn `- item` into the item indented by two, then read it as a node.
      bytes[start + n] = Self.space
      if streamed, let sink {
        let (item, scalars) = try streamedItem(minIndent: n + 1)
        do { try sink(item, count, scalars) } catch {
          var f = failure(String(describing: error))
          f.cause = error
          throw f
        }
        count += 1
      } else {
        let inside = inItem
        if inside { itemPath.append(items.count) }
        defer { if inside { itemPath.removeLast() } }
        items.append(try node(minIndent: n + 1))
      }
    }
    return .array(items)
  }

  /// An item of the streamed sequence, and its large scalars (kept out of its tree).
  private mutating func streamedItem(minIndent: Int) throws(Failure) -> (JSONValue, [LargeScalar]) {
    (inItem, itemPath, large) = (true, [], [])
    defer { (inItem, itemPath, large) = (false, [], []) }
    let item = try node(minIndent: minIndent)
    return (item, large)
  }

  /// A scalar (or tagged scalar, block scalar, flow collection) starting at `startColumn` of the
  /// current line; continuation lines must be indented deeper than `parentIndent`.
  mutating func scalarValue(startColumn: Int, parentIndent: Int) throws(Failure) -> JSONValue {
    var column = startColumn
    var binary = false
    if at(column) == UInt8(ascii: "&") || at(column) == UInt8(ascii: "*") {
      throw failure("anchors and aliases are not supported", column: column + 1)
    }
    if at(column) == UInt8(ascii: "!") {
      binary = isBinaryTag(start + column, end)
      let next = afterTag(start + column, end)
      if next == end {
        advance()
        let first = large.count
        let value = try node(minIndent: parentIndent + 1)
        guard binary else { return value }
        wrapLargeScalars(from: first)
        return [Self.binaryTag: value]
      }
      column = next - start
    }
    let value: JSONValue
    let first = large.count
    switch at(column) {
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      value = try blockScalar(
        header: Array(bytes[(start + column)..<end]), parentIndent: parentIndent)
    case UInt8(ascii: "'"), UInt8(ascii: "\""): value = stringValue(try quoted(column: column))
    case UInt8(ascii: "["), UInt8(ascii: "{"): value = try flow(column: column)
    default: value = plain(column: column, parentIndent: parentIndent)
    }
    guard binary else { return value }
    wrapLargeScalars(from: first)
    return [Self.binaryTag: value]
  }

  /// The offset after the tag at `lo` (`!binary`, `!!python/unicode`, `!ruby/struct:X`) and
  /// the spaces after it.
  func afterTag(_ lo: Int, _ hi: Int) -> Int {
    var i = lo
    while i < hi, bytes[i] != Self.space { i += 1 }
    while i < hi, bytes[i] == Self.space { i += 1 }
    return i
  }

  /// Whether the tag at `lo` is `!binary` or `!!binary` (base64 of bytes).
  func isBinaryTag(_ lo: Int, _ hi: Int) -> Bool {
    var tagEnd = lo
    while tagEnd < hi, bytes[tagEnd] != Self.space { tagEnd += 1 }
    return bytesEqual(lo, tagEnd, "!binary") || bytesEqual(lo, tagEnd, "!!binary")
  }

  mutating func plain(column: Int, parentIndent: Int) -> JSONValue {
    let (lo, hi) = withoutComment(start + column, end)
    advance()
    // The continuation lines are walked twice, to measure the scalar, then to copy it into a
    // string made at its size: no growing buffer, no second copy.
    let first = mark
    var total = hi - lo
    var lines = 0
    while !atEnd, !isBlank(), indent() > parentIndent {
      let c = contentStart
      guard keyColon(c, end) == nil || parentIndent < 0, !isSequenceItem(c, end) else { break }
      let (a, b) = withoutComment(c, end)
      total += 1 + b - a
      lines += 1
      advance()
    }
    guard lines > 0 else { return Self.typed(bytes[lo..<hi]) }
    mark = first
    // Spaces join the lines, so the text is never null, a boolean or a number.
    if inItem, total >= largeScalarLimit {
      return stringValue(
        [UInt8](unsafeUninitializedCapacity: total) { out, count in
          count = joinLines(lo, hi, lines, into: out)
        })
    }
    return .string(
      String(unsafeUninitializedCapacity: total) { out in joinLines(lo, hi, lines, into: out) })
  }

  /// Copies bytes `lo..<hi` and the next `lines` lines (without comments) joined by spaces
  /// into `out`, moving past them; returns how many bytes it wrote.
  private mutating func joinLines(
    _ lo: Int, _ hi: Int, _ lines: Int, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var k = 0
    func copy(_ a: Int, _ b: Int) {
      guard a < b else { return }
      _ = UnsafeMutableBufferPointer(rebasing: out[k..<(k + b - a)]).update(
        fromContentsOf: UnsafeBufferPointer(rebasing: bytes[a..<b]))
      k += b - a
    }
    copy(lo, hi)
    for _ in 0..<lines {
      let (a, b) = withoutComment(contentStart, end)
      out[k] = Self.space
      k += 1
      copy(a, b)
      advance()
    }
    return k
  }

  /// Bytes `lo..<hi` up to a ` #` comment, without surrounding spaces and tabs.
  func withoutComment(_ lo: Int, _ hi: Int) -> (Int, Int) {
    var i = lo
    while i < hi {
      if bytes[i] == UInt8(ascii: "#"), i > lo, bytes[i - 1] == Self.space { break }
      i += 1
    }
    return trimmed(lo, i)
  }
}
