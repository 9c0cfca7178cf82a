/// The one JSON printer: pretty or compact, keys in source order or sorted, with or without
/// ANSI colours by token kind (as `jq` colours them).
public struct JSONPrinter: Sendable {
  /// How to print.
  public struct Options: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Newlines and two-space indentation; without it the output is compact (no spaces).
    public static let pretty = Options(rawValue: 1 << 0)
    /// Object keys in code-point order instead of source order.
    public static let sortedKeys = Options(rawValue: 1 << 1)
    /// ANSI colour escapes by token kind.
    public static let color = Options(rawValue: 1 << 2)
    /// Escape every non-ASCII character as `\uXXXX`.
    public static let asciiOnly = Options(rawValue: 1 << 3)
  }

  /// The ANSI colours used with `.color`.
  public struct Palette: Sendable {
    public var null = "1;30"
    public var boolean = "0;39"
    public var number = "0;36"
    public var string = "0;32"
    public var key = "34;1"
    public var punctuation = "1;39"
    public init() {}
  }

  public var options: Options
  public var palette: Palette

  public init(options: Options = [.pretty], palette: Palette = Palette()) {
    self.options = options
    self.palette = palette
  }

  /// Prints `value` as a string (no trailing newline).
  public func string(_ value: JSONValue) -> String {
    withPrinted(value) { String(decoding: $0, as: UTF8.self) }
  }

  /// Prints `value` as UTF-8 bytes (no trailing newline).
  public func bytes(_ value: JSONValue) -> [UInt8] {
    withPrinted(value) { Array($0) }
  }

  /// Prints `value` (no trailing newline) in pieces of about `chunkSize` bytes, handing each
  /// to `sink` as it fills, so printing a large value takes little memory. Pieces end between
  /// tokens, or inside a string longer than 64 KiB between characters, so each is valid UTF-8
  /// on its own.
  ///
  /// - Complexity: O(n) in the size of the output; memory O(`chunkSize` + depth).
  public func write(
    _ value: JSONValue, chunkSize: Int = 1 << 16, to sink: (UnsafeRawBufferPointer) -> Void
  ) {
    streaming(chunkSize: chunkSize, to: sink) { $0.write(value) }
  }

  /// A list of strings printed in place of a marker (`write(_:chunkSize:splicing:to:)`): given
  /// a function that prints one string from its UTF-8 bytes (valid UTF-8), it prints each of
  /// the list's strings, one or more, in order.
  public typealias StringList = (_ item: (UnsafeBufferPointer<UInt8>) -> Void) -> Void

  /// As `write(_:chunkSize:to:)`, except that an array element that is a string equal to a key
  /// of `lists` is printed as the elements its list gives, in its place: a list far longer than
  /// the value is printed without a `JSONValue` of each of its strings (what `import` writes a
  /// header of half a million values with). Each printed element is what an array of those
  /// strings would print, so the output is the same bytes as printing the expanded value.
  public func write(
    _ value: JSONValue, chunkSize: Int = 1 << 16, splicing lists: [String: StringList],
    to sink: (UnsafeRawBufferPointer) -> Void
  ) {
    streaming(chunkSize: chunkSize, to: sink) {
      $0.splices = lists
      $0.write(value)
    }
  }

  private func withPrinted<R>(_ value: JSONValue, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    printing({ $0.write(value) }, body)
  }

  /// Runs `write` on a writer that hands pieces of about `chunkSize` bytes to `sink` as they
  /// fill, then flushes it: the set-up of the `write(_:chunkSize:to:)` overloads.
  func streaming(
    chunkSize: Int, to sink: (UnsafeRawBufferPointer) -> Void, _ write: (inout JSONWriter) -> Void
  ) {
    withoutActuallyEscaping(sink) { sink in
      var writer = JSONWriter(
        options: options, palette: palette,
        buffer: OutputBuffer(capacity: chunkSize + 4096, chunkSize: max(1, chunkSize), sink: sink))
      defer { writer.buffer.deallocate() }
      write(&writer)
      writer.buffer.flush()
    }
  }

  /// Runs `write` on a writer into one growing buffer and hands `body` the printed bytes: the
  /// set-up of `string(_:)` and `bytes(_:)` for either kind of value.
  func printing<R>(
    _ write: (inout JSONWriter) -> Void, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    var writer = JSONWriter(
      options: options, palette: palette, buffer: OutputBuffer(capacity: 4096))
    defer { writer.buffer.deallocate() }
    write(&writer)
    return body(writer.buffer.bytes)
  }
}

extension JSONValue {
  /// Compact JSON text of this value.
  public var compactText: String { JSONPrinter(options: []).string(self) }
  /// Pretty (2-space indented) JSON text of this value, no colour.
  public var prettyText: String { JSONPrinter(options: [.pretty]).string(self) }
}

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
  /// Compact JSON text (printed without recursion, so any depth is safe).
  public var description: String { compactText }
  public var debugDescription: String { compactText }
}
