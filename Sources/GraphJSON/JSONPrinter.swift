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
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// Prints `value` as UTF-8 bytes (no trailing newline).
  public func bytes(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter(options: options, palette: palette)
    writer.write(value, indent: 0)
    return writer.output
  }
}

extension JSONValue {
  /// Compact JSON text of this value.
  public var compactText: String { JSONPrinter(options: []).string(self) }
  /// Pretty (2-space indented) JSON text of this value, no colour.
  public var prettyText: String { JSONPrinter(options: [.pretty]).string(self) }
}
