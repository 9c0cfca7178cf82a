import GraphAPI
import GraphJSON

/// Prints one interaction as it stands in a cassette's `interactions` array (what an append to
/// a recording's tail writes), straight to bytes: the frame (`request`, `response`, their
/// members, each header as `"name": "value"`) is written as it goes, with no `JSONValue` tree of
/// the interaction or of its headers (recording an answer, issue 48). Only what has a form of
/// its own goes through `JSONPrinter`: a stored body other than the JSON answer (a form, text,
/// base64, multipart, gzip), a repeated header's list, and an expectation. The
/// bytes are those `Cassette.encoded()` prints for the same interaction.
struct InteractionItemPrinter {
  private let printer = JSONPrinter(options: [.pretty])
  /// The indentation of the item's own braces.
  private let base: Int
  private(set) var bytes: [UInt8] = []

  init(indent: Int) {
    base = indent
    bytes.reserveCapacity(2048)
  }

  /// The header fields printed last (a recorder keeps them from one item to the next).
  private var requestSide: PrintedHeaders.Side?
  private var responseSide: PrintedHeaders.Side?

  /// `interaction`, its first line's indentation included and no separator.
  static func item(_ interaction: Interaction, indent: Int) -> [UInt8] {
    var printer = InteractionItemPrinter(indent: indent)
    printer.write(interaction)
    return printer.bytes
  }

  /// As `item(_:indent:)`, copying the header fields printed the same last time from `memo`
  /// and remembering this item's there: the same bytes.
  static func item(_ interaction: Interaction, indent: Int, memo: inout PrintedHeaders) -> [UInt8] {
    var printer = InteractionItemPrinter(indent: indent)
    (printer.requestSide, printer.responseSide) = (memo.request, memo.response)
    memo = PrintedHeaders()
    printer.write(interaction)
    memo.request = printer.requestSide.take() ?? PrintedHeaders.Side()
    memo.response = printer.responseSide.take() ?? PrintedHeaders.Side()
    return printer.bytes
  }

  private mutating func write(_ interaction: Interaction) {
    Spaces.append(base, to: &bytes)
    bytes.append(UInt8(ascii: "{"))
    member("request", depth: 1)
    bytes.append(UInt8(ascii: "{"))
    let request = interaction.request
    member("method", depth: 2)
    quoted(request.method)
    bytes.append(UInt8(ascii: ","))
    member("url", depth: 2)
    quoted(request.url)
    bytes.append(UInt8(ascii: ","))
    member("headers", depth: 2)
    var side = requestSide.take()
    headers(request.headers, depth: 2, last: &side)
    requestSide = side
    // An empty body is stored as none whatever its type: its Content-Type is not looked up.
    if !request.body.isEmpty,
      let body = BodyCodec.encode(request.body, contentType: request.headers["Content-Type"])
    {
      bytes.append(UInt8(ascii: ","))
      member("body", depth: 2)
      printed(body, depth: 2)
    }
    close(depth: 1)
    bytes.append(UInt8(ascii: ","))
    member("response", depth: 1)
    bytes.append(UInt8(ascii: "{"))
    member("status", depth: 2)
    // An integer prints as its decimal digits.
    bytes.append(contentsOf: String(interaction.response.status).utf8)
    bytes.append(UInt8(ascii: ","))
    member("headers", depth: 2)
    if !compactJSONAnswer(interaction.response) {
      let stored = BodyCodec.encodeResponse(interaction.response, jsonMarker: Cassette.jsonMarker)
      headers(stored.headers, depth: 2)
      storedBody(stored)
    }
    close(depth: 1)
    bytes.append(UInt8(ascii: ","))
    member("recorded_at", depth: 1)
    quoted(interaction.recordedAt)
    bytes.append(UInt8(ascii: ","))
    member("duration_ms", depth: 1)
    Self.appendMilliseconds(interaction.duration, to: &bytes)
    if let expect = interaction.expect, !expect.isEmpty {
      bytes.append(UInt8(ascii: ","))
      member("expect", depth: 1)
      printed(ExpectationCodec.encode(expect), depth: 1)
    }
    close(depth: 0)
  }

  /// The response's headers and its body as `{"json": ...}` printed pretty straight from the
  /// bytes (`CompactJSONReindenter`), when the body is JSON in the compact printer's form and
  /// stored as JSON (not as received, not compressed, not a form); `false` with nothing
  /// written otherwise. The same bytes as `BodyCodec.encodeResponse(_:jsonMarker:)`'s path:
  /// such a body is stored with its headers as they are and no `layout`.
  private mutating func compactJSONAnswer(_ response: HTTPResponse) -> Bool {
    let body = response.body
    guard response.received == nil, !body.isEmpty, body.count < BodyCodec.compressedFrom,
      body[0] == UInt8(ascii: "{") || body[0] == UInt8(ascii: "["),
      Self.contentType(of: response.headers).map(Self.notAForm) ?? true
    else { return false }
    let start = bytes.count
    var side = responseSide.take()
    headers(response.headers, depth: 2, last: &side)
    responseSide = side
    bytes.append(UInt8(ascii: ","))
    member("body", depth: 2)
    bytes.append(UInt8(ascii: "{"))
    member("json", depth: 3)
    let done = body.withUnsafeBufferPointer {
      CompactJSONReindenter.appendPretty($0, indent: base + 6, to: &bytes)
    }
    guard done else {
      bytes.removeSubrange(start...)
      return false
    }
    close(depth: 2)
    return true
  }

  /// `duration` in milliseconds as `NativeCodec` stores it (`JSONNumber`'s text of
  /// `NativeCodec.milliseconds(_:)`), written from its whole thousandths: such a number below
  /// 10^9 has at most 12 significant digits, so the shortest text that reads back as it is
  /// those digits, trailing zeros dropped. A negative or longer one is printed by `JSONNumber`.
  static func appendMilliseconds(_ duration: Duration, to bytes: inout [UInt8]) {
    let ms = NativeCodec.milliseconds(duration)
    let thousandths = (ms * 1000).rounded()
    guard thousandths >= 0, thousandths < 1e12 else {
      bytes.append(contentsOf: JSONNumber(ms).text.utf8)
      return
    }
    let whole = Int(thousandths)
    bytes.append(contentsOf: String(whole / 1000).utf8)
    var fraction = whole % 1000
    guard fraction > 0 else { return }
    bytes.append(UInt8(ascii: "."))
    var place = 100
    while fraction > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(fraction / place))
      fraction %= place
      place /= 10
    }
  }

  /// `headers["Content-Type"]`, found with no `lowercased()`: the first field whose name is
  /// `content-type` in ASCII without case. No name with a byte past ASCII is one once
  /// lowercased: the only such characters whose lowercase is ASCII (the Kelvin sign's `k`; the
  /// dotted `İ` keeps a combining dot) give none of its letters.
  static func contentType(of headers: HTTPHeaders) -> String? {
    guard headers.count <= 64 else { return headers["Content-Type"] }
    for field in headers {
      let name = field.name.utf8
      if name.count == contentTypeName.count,
        zip(name, contentTypeName).allSatisfy({ lower($0) == $1 })
      {
        return field.value
      }
    }
    return nil
  }

  private static let contentTypeName = Array("content-type".utf8)

  /// Whether a Content-Type is not `multipart/form-data` (without case), as `BodyCodec` tells
  /// it by `lowercased().hasPrefix(_:)`. A type whose first byte is ASCII and not `m` or `M`
  /// (`application/json`) is told by that byte alone: its lowercase starts with another
  /// character. Any other goes by the codec's own rule.
  static func notAForm(_ type: String) -> Bool {
    if let first = type.utf8.first, first < 0x80, first | 0x20 != UInt8(ascii: "m") { return true }
    return !type.lowercased().hasPrefix("multipart/form-data")
  }

  /// The stored body of a response, when it has one, after its headers.
  private mutating func storedBody(
    _ stored: (headers: HTTPHeaders, body: JSONValue?, json: JSONDocument?)
  ) {
    if let body = stored.body {
      bytes.append(UInt8(ascii: ","))
      member("body", depth: 2)
      if let json = stored.json {
        responseJSON(body, json, depth: 2)
      } else {
        printed(body, depth: 2)
      }
    }
  }

  /// A line break, the indentation of `depth`, and `"name": `.
  private mutating func member(_ name: StaticString, depth: Int) {
    newline(depth)
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    bytes.append(0x20)
  }

  private mutating func newline(_ depth: Int) {
    bytes.append(0x0A)
    Spaces.append(base + 2 * depth, to: &bytes)
  }

  private mutating func close(depth: Int) {
    newline(depth)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Headers as an object in order, as `NativeCodec.encode(_:)` stores them; a name that
  /// repeats (its list is an array) goes through that tree.
  private mutating func headers(_ headers: HTTPHeaders, depth: Int) {
    var none: PrintedHeaders.Side?
    self.headers(headers, depth: depth, last: &none)
  }

  /// As `headers(_:depth:)`, copying the fields `last` printed the same at their position
  /// and remembering the others there (`nil`: nothing kept).
  private mutating func headers(
    _ headers: HTTPHeaders, depth: Int, last: inout PrintedHeaders.Side?
  ) {
    if headers.isEmpty {
      bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
      return
    }
    if headers.count > PrintedHeaders.keptFields, last != nil { last = PrintedHeaders.Side() }
    let fields = headers.fields
    let repeats =
      last.map { $0.hasTheNames(of: fields) } == true
      ? last!.repeatsAName : Self.repeatsAName(headers)
    guard !repeats else {
      // Printed through the tree: nothing kept but the names and what they do.
      if last != nil {
        last = PrintedHeaders.Side(
          fields: fields, printed: Array(repeating: nil, count: fields.count), repeatsAName: true)
      }
      printed(NativeCodec.encode(headers), depth: depth)
      return
    }
    last?.start(count: fields.count, repeatsAName: false)
    bytes.append(UInt8(ascii: "{"))
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      newline(depth + 1)
      if let known = last?.printed(field, at: index) {
        bytes.append(contentsOf: known)
        continue
      }
      let start = bytes.count
      quoted(field.name)
      bytes.append(UInt8(ascii: ":"))
      bytes.append(0x20)
      quoted(field.value)
      last?.remember(field, at: index, printed: bytes[start...])
    }
    close(depth: depth)
  }

  /// Whether two fields' names are equal without case (then they are stored as one list), as
  /// `NativeCodec.encode(_:)` tells them by `lowercased()`. ASCII names are told apart by their
  /// length first (no allocation, no key) and compared byte by byte only when those agree; a
  /// name with any other byte (whose lowercase may be ASCII, or longer) goes by the tree's own
  /// rule.
  static func repeatsAName(_ headers: HTTPHeaders) -> Bool {
    let fields = headers.fields
    let asciiKeys = fields.count <= 32 ? nameKeys(fields) : nil
    guard let keys = asciiKeys else {
      var seen = Set<String>()
      return !fields.allSatisfy { seen.insert($0.name.lowercased()).inserted }
    }
    for i in keys.indices {
      for j in keys.indices where j > i && keys[j] == keys[i] {
        let name = fields[i].name.utf8
        if name.elementsEqual(fields[j].name.utf8, by: { lower($0) == lower($1) }) { return true }
      }
    }
    return false
  }

  /// For each name, its length and its first and last bytes without case, in one word (two
  /// names equal without case have equal words); `nil` when a name is not all ASCII.
  private static func nameKeys(_ fields: [HTTPHeaders.Field]) -> [UInt64]? {
    var keys: [UInt64] = []
    keys.reserveCapacity(fields.count)
    for field in fields {
      var (count, first, last): (UInt64, UInt64, UInt64) = (0, 0, 0)
      for b in field.name.utf8 {
        guard b < 0x80 else { return nil }
        last = UInt64(lower(b))
        if count == 0 { first = last }
        count += 1
      }
      keys.append(count << 16 | first << 8 | last)
    }
    return keys
  }

  private static func lower(_ b: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) ? b | 0x20 : b
  }

  /// `text` as the pretty printer quotes it: `"` and `\` escaped, every other byte as it is; a
  /// string holding a control character is handed to the printer itself.
  private mutating func quoted(_ text: String) {
    var text = text
    let plain = text.withUTF8 { utf8 -> Bool in
      // Most values (a header's, a URL) hold no quote, backslash or control character: one
      // pass eight bytes at a time finds that, and the whole value is copied at once.
      if let p = utf8.baseAddress, !Self.needsAttention(p, utf8.count) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
        return true
      }
      guard !utf8.contains(where: { $0 < 0x20 }) else { return false }
      bytes.append(UInt8(ascii: "\""))
      var start = 0
      for (i, b) in utf8.enumerated() where b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
        bytes.append(UInt8(ascii: "\\"))
        start = i
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !plain { bytes.append(contentsOf: printer.bytes(.string(text))) }
  }

  /// Whether any of the `count` bytes at `p` is a quote, a backslash or a control character.
  private static func needsAttention(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
      if ByteWord.needsAttention(ByteWord.load(p + i)) { return true }
      i += 8
    }
    while i < count {
      let b = p[i]
      if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return true }
      i += 1
    }
    return false
  }

  /// `value` printed by the pretty printer, its lines indented to `depth`.
  private mutating func printed(_ value: JSONValue, depth: Int) {
    appendLines(printer.bytes(value)[...], depth: depth)
  }

  /// The stored JSON answer (`{"json": MARKER, ...}`) with `json`'s document printed in the
  /// marker's place, as `Cassette.encoded()` writes it.
  private mutating func responseJSON(_ body: JSONValue, _ json: JSONDocument, depth: Int) {
    let printed = printer.bytes(body)
    guard let at = ByteSearch.first(Cassette.printedJSONMarker, in: printed) else {
      appendLines(printed[...], depth: depth)
      return
    }
    appendLines(printed[..<at], depth: depth)
    // The value's own lines go as deep as the line of its member.
    let lineStart = printed[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let member = printed[lineStart...].prefix { $0 == 0x20 }.count
    appendLines(printer.bytes(json.root)[...], extra: member, depth: depth)
    appendLines(printed[(at + Cassette.printedJSONMarker.count)...], depth: depth)
  }

  /// `printed`, each of its line breaks followed by the indentation of `depth` (and `extra`
  /// spaces). Structural line breaks only: strings escape theirs.
  private mutating func appendLines(_ printed: ArraySlice<UInt8>, extra: Int = 0, depth: Int) {
    Cassette.appendLines(printed, indentedBy: base + 2 * depth + extra, to: &bytes)
  }
}
