/// Receives the tokens of a JSON text in order, with the structure already checked: the
/// printer (`JSONWriter`) writes them; `ValidatingSink` ignores them. Both the tree printer
/// and the streaming formatter drive a `JSONWriter` through these calls, so they print the
/// same bytes.
protocol JSONTokenSink {
  /// `{` or `[` of a container with at least one element.
  mutating func beginContainer(object: Bool)
  /// `{}` or `[]`.
  mutating func emptyContainer(object: Bool)
  /// Before each element or member: a comma unless `first`, then the line break and indent.
  mutating func element(first: Bool, depth: Int)
  /// The closing `}` or `]`, on its own line at `depth` when pretty.
  mutating func endContainer(object: Bool, depth: Int)
  /// A member's key (valid UTF-8) and the colon after it; `plain` as in `writeQuoted`.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool)
  /// A string value (valid UTF-8); `plain` as in `writeQuoted`.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool)
  /// A number's exact text.
  mutating func number(_ text: UnsafeBufferPointer<UInt8>)
  /// `true`, `false` or `null`.
  mutating func literal(_ text: StaticString)
  /// A value is complete: a chance to hand over a full chunk.
  mutating func valueDone()
}

/// A sink that ignores every token: formatting into it only validates.
struct ValidatingSink: JSONTokenSink {
  func beginContainer(object: Bool) {}
  func emptyContainer(object: Bool) {}
  func element(first: Bool, depth: Int) {}
  func endContainer(object: Bool, depth: Int) {}
  func key(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool) {}
  func string(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool) {}
  func number(_ text: UnsafeBufferPointer<UInt8>) {}
  func literal(_ text: StaticString) {}
  func valueDone() {}
}

extension JSONWriter: JSONTokenSink {
  @inline(__always)
  mutating func beginContainer(object: Bool) {
    token(object ? "{" : "[", colors?.punctuation)
  }

  @inline(__always)
  mutating func emptyContainer(object: Bool) {
    token(object ? "{}" : "[]", colors?.punctuation)
  }

  @inline(__always)
  mutating func element(first: Bool, depth: Int) {
    if !first { token(",", colors?.punctuation) }
    if pretty { buffer.appendNewline(indent: depth * 2) }
  }

  @inline(__always)
  mutating func endContainer(object: Bool, depth: Int) {
    if pretty { buffer.appendNewline(indent: depth * 2) }
    token(object ? "}" : "]", colors?.punctuation)
  }

  @inline(__always)
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool) {
    quoted(utf8, plain: plain, color: colors?.key)
    token(pretty ? ": " : ":", colors?.punctuation)
  }

  @inline(__always)
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool) {
    quoted(utf8, plain: plain, color: colors?.string)
  }

  /// A quoted string in `color` (a key's or a value's), then the reset when colouring.
  @inline(__always)
  private mutating func quoted(
    _ utf8: UnsafeBufferPointer<UInt8>, plain: Bool, color: [UInt8]?
  ) {
    if let color { buffer.append(color) }
    writeQuoted(utf8, plain: plain)
    if let reset = colors?.reset { buffer.append(reset) }
  }

  @inline(__always)
  mutating func number(_ text: UnsafeBufferPointer<UInt8>) {
    if let c = colors?.number { buffer.append(c) }
    if let start = text.baseAddress { buffer.append(start, count: text.count) }
    if colors != nil { buffer.append(colors!.reset) }
  }

  @inline(__always)
  mutating func literal(_ text: StaticString) {
    token(
      text,
      text.utf8CodeUnitCount == 4 && text.utf8Start[0] == 0x6E ? colors?.null : colors?.boolean)
  }

  @inline(__always)
  mutating func valueDone() { buffer.flushIfFull() }
}
