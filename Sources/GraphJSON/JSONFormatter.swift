/// Reformats JSON text straight from bytes to bytes, checking it exactly as `JSONParser`
/// does but without building a `JSONValue`: what `graph-explorer fmt` runs. The output is
/// byte for byte what `JSONPrinter` prints for the parsed value, in far less time and memory.
///
/// With `.sortedKeys` the members must be reordered, so the text is parsed into a value and
/// printed (same output, the parser's speed and memory).
public struct JSONFormatter: Sendable {
  /// How to print, as for `JSONPrinter`.
  public var options: JSONPrinter.Options
  public var palette: JSONPrinter.Palette
  /// The deepest nesting accepted, as for `JSONParser`.
  public var maxDepth: Int

  public init(
    options: JSONPrinter.Options = [.pretty], palette: JSONPrinter.Palette = .init(),
    maxDepth: Int = 512
  ) {
    self.options = options
    self.palette = palette
    self.maxDepth = JSONParser(maxDepth: maxDepth).maxDepth
  }

  /// Checks that `bytes` hold one valid JSON text, with the parser's errors.
  ///
  /// - Complexity: O(n), no allocation beyond a small scratch buffer.
  public func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
    var sink = ValidatingSink()
    try run(bytes, sink: &sink)
  }

  /// Reformats `bytes` (no trailing newline), handing the output to `sink` in pieces of
  /// about `chunkSize` bytes that end between tokens (or, inside a string longer than 64 KiB,
  /// between characters).
  ///
  /// With `validatingFirst`, the whole text is checked before anything is handed over, so
  /// invalid input produces no output at all (a second, cheaper pass; the formatting pass
  /// then skips the UTF-8 checks). Without it, pieces handed over before an error stay.
  ///
  /// - Complexity: O(n); memory O(`chunkSize` + depth).
  public func format(
    _ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int = 1 << 16, validatingFirst: Bool = false,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) throws(JSONParseError) {
    if options.contains(.sortedKeys) {
      let value = try JSONParser(maxDepth: maxDepth).parse(bytes)
      JSONPrinter(options: options, palette: palette).write(value, chunkSize: chunkSize, to: sink)
      return
    }
    let result = withoutActuallyEscaping(sink) { sink in
      var writer = JSONWriter(
        options: options, palette: palette,
        buffer: OutputBuffer(capacity: chunkSize + 4096, chunkSize: max(1, chunkSize), sink: sink))
      defer { writer.buffer.deallocate() }
      let result = Result { () throws(JSONParseError) in
        if validatingFirst { try validate(bytes) }
        try run(bytes, sink: &writer, trusted: validatingFirst)
      }
      writer.buffer.flush()
      return result
    }
    try result.get()
  }

  /// Reformats `bytes` into one array (no trailing newline).
  public func format(_ bytes: [UInt8]) throws(JSONParseError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 2)
    try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
      try format(buffer, chunkSize: 1 << 16) { output.append(contentsOf: $0) }
    }
    return output
  }

  private func run<Sink: JSONTokenSink>(
    _ bytes: UnsafeBufferPointer<UInt8>, sink: inout Sink, trusted: Bool = false
  ) throws(JSONParseError) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw JSONParseError(
        reason: .unexpected(expected: "a value", found: "end of input"), line: 1, column: 1,
        offset: 0)
    }
    var engine = JSONFormatEngine(
      scanner: JSONScanner(base: base, count: bytes.count, maxDepth: maxDepth), sink: sink,
      trusted: trusted)
    defer {
      // The sink's buffer may have grown inside the engine: take it back.
      sink = engine.sink
      engine.scanner.scratch.deallocate()
    }
    try engine.run()
  }
}
