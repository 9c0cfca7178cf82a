import GraphJSON
import Synchronization

/// Finds secrets in text in one linear pass, by name and by shape, wherever Graph traffic and
/// the tools around it put them: `name=value` (a query with `&` or `;`, a form body, a
/// fragment, a cookie, a text answer such as the pre-v2.3 `access_token=APPID|SECRET&expires=`),
/// `"name": "value"` (JSON, also JSON held as escaped text inside JSON), names with `[]`, and,
/// where no name says so, values shaped like user or page tokens (`EAA…`, `CAA…`), app tokens
/// (`APPID|SECRET`) and signed requests (`SIG.eyJ…`). It reads the decoded text, so a value
/// percent-encoded (even every byte of it) or JSON-escaped is found as well.
package enum SecretScanner {
  /// Values longer than this are not secrets (a token is a few hundred bytes at most).
  static let longestValue = 2048
  /// Names longer than this are not parameter names.
  static let longestName = 64
  /// A user or page token found by shape is at least this long.
  static let shortestShapedToken = 30

  /// The kind of secret a parameter, field or header name carries: matched without case, with
  /// any `[]` or `[0]` suffix, and for headers (`X-Access-Token`) with `-` as `_` and any prefix
  /// before a secret name.
  package static func kind(ofName name: some StringProtocol, isHeader: Bool = false) -> Secret.Kind?
  {
    guard isHeader else { return kind(of: name, isHeader: false) }
    // Every interaction carries the same few header names: each is worked out once.
    let key = String(name)
    if let known = headerKinds.withLock({ $0[key] }) { return known }
    let kind = kind(of: name, isHeader: true)
    headerKinds.withLock { known in
      if known.count < Self.headerKindsKept { known[key] = .some(kind) }
    }
    return kind
  }

  /// Header names whose kind is kept (**[choice]**: far more than a session's distinct
  /// headers; a peer sending endless new names only stops being remembered).
  static let headerKindsKept = 512
  private static let headerKinds = Mutex<[String: Secret.Kind?]>([:])

  private static func kind(of name: some StringProtocol, isHeader: Bool) -> Secret.Kind? {
    var text = name.lowercased()
    if let bracket = text.firstIndex(of: "[") { text = String(text[..<bracket]) }
    if let kind = Secret.parameterKinds[text] { return kind }
    guard isHeader else { return nil }
    if text.utf8.contains(0x2D) {
      text = String(decoding: text.utf8.map { $0 == 0x2D ? 0x5F : $0 }, as: UTF8.self)
    }
    if let kind = Secret.parameterKinds[text] { return kind }
    for (suffix, kind) in headerSuffixes where text.hasSuffix(suffix) { return kind }
    return nil
  }

  /// `_access_token` and the like: the secret names with an underscore, as header name endings
  /// (`X-FB-Access-Token`), worked out once, the longest first.
  static let headerSuffixes: [(String, Secret.Kind)] = Secret.parameterKinds
    .filter { $0.key.utf8.contains(0x5F) }
    .map { ("_" + $0.key, $0.value) }
    .sorted { ($0.0.utf8.count, $0.0) > ($1.0.utf8.count, $1.0) }

  /// The secrets `bytes` holds, decoded first.
  package static func secrets(in bytes: [UInt8]) -> [Secret] {
    var found: [Secret] = []
    scan(DecodedText.bytes(of: bytes), into: &found)
    return found
  }

  /// Appends the secrets in the decoded bytes `s` to `found`.
  static func scan(_ s: [UInt8], into found: inout [Secret]) {
    scan(s) { secret, _ in found.append(secret) }
  }

  /// Reports each secret in the decoded bytes `s` with where its value is.
  static func scan(_ s: [UInt8], report: (Secret, Range<Int>) -> Void) {
    let n = s.count
    var i = 0
    while i < n {
      i = s.withUnsafeBufferPointer { nextStart($0, from: i) }
      guard i < n else { return }
      let c = s[i]
      switch byteClass(c) {
      case .equals:
        if let kind = nameBefore(s, i), let value = valueRun(s, from: i + 1) {
          add(kind, s, value, report)
        }
      case .colon:
        if let kind = jsonNameBefore(s, i), let value = jsonValueAfter(s, i) {
          add(kind, s, value, report)
        }
      case .tokenStart:
        if i + 2 < n, s[i + 1] == 0x41, s[i + 2] == 0x41, i == 0 || !isAlnum(s[i - 1]) {
          var j = i + 3
          while j < n, isAlnum(s[j]) { j += 1 }
          if j - i >= shortestShapedToken, j - i <= longestValue {
            report(.accessToken(String(decoding: s[i..<j], as: UTF8.self)), i..<j)
          }
          i = j
          continue
        }
      case .digit:
        if i == 0 || !(isAlnum(s[i - 1]) || s[i - 1] == 0x7C) {
          var j = i
          while j < n, j - i <= 20, s[j] >= 0x30, s[j] <= 0x39 { j += 1 }
          if j - i >= 6, j < n, s[j] == 0x7C {
            var k = j + 1
            while k < n, k - i <= longestValue, isBase64URL(s[k]) { k += 1 }
            if k - j - 1 >= 16 {
              report(.accessToken(String(decoding: s[i..<k], as: UTF8.self)), i..<k)
              i = k
              continue
            }
          }
          i = max(j, i + 1)
          continue
        }
      case .dot:
        if i + 4 < n, s[i + 1] == 0x65, s[i + 2] == 0x79, s[i + 3] == 0x4A {
          var start = i
          while start > 0, i - start < longestValue, isBase64URL(s[start - 1]) { start -= 1 }
          var end = i + 1
          while end < n, end - i < longestValue, isBase64URL(s[end]) { end += 1 }
          if i - start >= 20, end - i > 10 {
            report(
              Secret(.signedRequest, String(decoding: s[start..<end], as: UTF8.self)), start..<end)
            i = end
            continue
          }
        }
      case .other: break
      }
      i += 1
    }
  }

  private static func add(
    _ kind: Secret.Kind, _ s: [UInt8], _ range: Range<Int>, _ report: (Secret, Range<Int>) -> Void
  ) {
    let value = s[range]
    guard !value.isEmpty, !value.allSatisfy({ $0 == 0x2A }) else { return }
    let text = String(decoding: value, as: UTF8.self)
    // A value in angle brackets may be a placeholder already (`<APP_SECRET>`, or the
    // `<redacted>` printed messages carry).
    if value.first == 0x3C, Secret.isPlaceholder(text) || text == "<redacted>" { return }
    report(Secret(kind, text), range)
  }

  /// The secret kind of the parameter name ending just before the `=` at `eq`.
  private static func nameBefore(_ s: [UInt8], _ eq: Int) -> Secret.Kind? {
    var start = eq
    while start > 0, eq - start < longestName, isNameByte(s[start - 1]) { start -= 1 }
    guard start < eq, start == 0 || !isNameByte(s[start - 1]) else { return nil }
    return kind(ofNameBytes: s[start..<eq])
  }

  /// `"name"` (spaces allowed) ending before the `:` at `colon`.
  private static func jsonNameBefore(_ s: [UInt8], _ colon: Int) -> Secret.Kind? {
    var end = colon
    while end > 0, colon - end < 8, s[end - 1] == 0x20 { end -= 1 }
    guard end > 0, s[end - 1] == 0x22 else { return nil }
    let close = end - 1
    var start = close
    while start > 0, close - start < longestName, isNameByte(s[start - 1]) { start -= 1 }
    guard start > 0, s[start - 1] == 0x22, start < close else { return nil }
    return kind(ofNameBytes: s[start..<close])
  }

  /// The string value after the `:` at `colon`.
  private static func jsonValueAfter(_ s: [UInt8], _ colon: Int) -> Range<Int>? {
    var i = colon + 1
    while i < s.count, i - colon < 8, s[i] == 0x20 { i += 1 }
    guard i < s.count, s[i] == 0x22 else { return nil }
    return valueRun(s, from: i + 1)
  }

  /// The run of value bytes from `start` to the next delimiter, if not too long.
  private static func valueRun(_ s: [UInt8], from start: Int) -> Range<Int>? {
    // A value in angle brackets (`client_secret=%3C<hex>%3E`, issue 44) is the whole of it,
    // brackets and all: a placeholder (`<APP_SECRET>`) is then known as one, anything else is
    // a secret written that way. `<` alone still ends a value (`token=abc</td>`).
    if start < s.count, s[start] == 0x3C {
      var end = start + 1
      while end < s.count, end - start <= longestValue, !isDelimiter(s[end]) { end += 1 }
      if end < s.count, s[end] == 0x3E, end > start + 1 { return start..<(end + 1) }
    }
    var end = start
    while end < s.count, !isDelimiter(s[end]) {
      end += 1
      if end - start > longestValue { return nil }
    }
    return end > start ? start..<end : nil
  }

  /// `kind(ofName:)` of the name bytes `name` (name bytes are ASCII: `isNameByte`), with no
  /// `String`: the name cut at `[` and compared without case (ASCII's, which is the whole of
  /// `lowercased()` on ASCII) with the secret names of its length.
  static func kind(ofNameBytes name: ArraySlice<UInt8>) -> Secret.Kind? {
    let cut = name.firstIndex(of: 0x5B) ?? name.endIndex
    let length = cut - name.startIndex
    guard length > 0, length < secretNamesByLength.count else { return nil }
    for (secret, kind) in secretNamesByLength[length]
    where zip(secret, name[..<cut]).allSatisfy({ $0 == lowerASCII($1) }) {
      return kind
    }
    return nil
  }

  /// `Secret.parameterKinds` as bytes, by their length (the longest name's is the last).
  static let secretNamesByLength: [[([UInt8], Secret.Kind)]] = {
    // A name with a capital was never found (names are looked up lowercased): left out.
    let names = Secret.parameterKinds.filter { $0.key == $0.key.lowercased() }
      .map { (Array($0.key.utf8), $0.value) }
    var table = [[([UInt8], Secret.Kind)]](
      repeating: [], count: (names.map(\.0.count).max() ?? 0) + 1)
    for (name, kind) in names.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
      table[name.count].append((name, kind))
    }
    return table
  }()

  private static func lowerASCII(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

  /// The first index from `i` of a byte that can start a secret (`classes` other than
  /// `.other`), or the count: eight bytes at a time while none of them can
  /// (`mayStartSomething`), then byte by byte.
  static func nextStart(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    guard let base = p.baseAddress else { return p.count }
    var i = i
    while i + 8 <= p.count, !mayStartSomething(ByteWord.load(base + i)) { i += 8 }
    while i < p.count, byteClass(base[i]) == .other { i += 1 }
    return i
  }

  /// Whether any of the eight bytes of `word` is one whose class is not `.other`: `.` to `:`
  /// (0x2E-0x3A, with `/` among them), `=` (0x3D, with `;` and `<` between), `C` or `E`.
  /// True for every word holding one of them, and for a few holding none (`/`, `;`, `<`).
  @inline(__always)
  static func mayStartSomething(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Each byte's low seven bits plus a constant reach its high bit exactly when they are at
    // least 0x80 minus that constant; no sum carries into the next byte.
    let low = word & ~highs
    let atLeastDot = (low &+ ones &* (0x80 - 0x2E)) & highs
    let pastEquals = (low &+ ones &* (0x80 - 0x3E)) & highs
    let inRange = atLeastDot & ~pastEquals & ~(word & highs)
    let c = word ^ (ones &* 0x43)
    let e = word ^ (ones &* 0x45)
    let hasC = (c &- ones) & ~c & highs
    let hasE = (e &- ones) & ~e & highs
    return inRange | hasC | hasE != 0
  }

  private enum ByteClass { case other, equals, colon, tokenStart, digit, dot }

  /// What `b` may start. A `switch`, not a table: a static table is reached through its
  /// one-time initialiser's check (`swift_once`) at every byte.
  @inline(__always)
  private static func byteClass(_ b: UInt8) -> ByteClass {
    switch b {
    case 0x3D: .equals
    case 0x3A: .colon
    case 0x43, 0x45: .tokenStart
    case 0x30...0x39: .digit
    case 0x2E: .dot
    default: .other
    }
  }

  /// Whether `c` ends a value: a control byte, a space, DEL or one of `&;#"',<>\()[]{}`.
  @inline(__always)
  static func isDelimiter(_ c: UInt8) -> Bool {
    switch c {
    case 0...0x20, 0x7F, 0x22, 0x23, 0x26, 0x27, 0x28, 0x29, 0x2C, 0x3B, 0x3C, 0x3E, 0x5B, 0x5C,
      0x5D, 0x7B, 0x7D:
      true
    default: false
    }
  }

  static func isAlnum(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
  }

  private static func isBase64URL(_ c: UInt8) -> Bool { isAlnum(c) || c == 0x2D || c == 0x5F }

  private static func isNameByte(_ c: UInt8) -> Bool {
    isAlnum(c) || c == 0x5F || c == 0x2D || c == 0x5B || c == 0x5D
  }
}
