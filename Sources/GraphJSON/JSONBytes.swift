/// Compact JSON written piece by piece into one growing buffer, with no `JSONValue` of the
/// whole: the emulator's answer writer puts an answer's punctuation, names and stored values
/// down in order. Each piece is written as `JSONPrinter(options: [])` writes it inside a value
/// (keys and strings quoted and escaped the same way, values printed by the same writer), so
/// pieces that make a value give the bytes that printing that value gives.
package struct JSONBytes: ~Copyable {
  private var writer: JSONWriter

  package init(capacity: Int = 1024) {
    writer = JSONWriter(
      options: [], palette: JSONPrinter.Palette(), buffer: OutputBuffer(capacity: capacity))
  }

  deinit { writer.buffer.deallocate() }

  /// How many bytes are written.
  package var count: Int { writer.buffer.count }

  /// Punctuation or a pre-encoded piece, as it is.
  package mutating func raw(_ text: StaticString) { writer.buffer.append(text) }

  /// Bytes written before (a piece `finish` gave), as they are.
  package mutating func raw(bytes: [UInt8]) { writer.buffer.append(bytes) }

  /// `text` as a quoted JSON string.
  package mutating func string(_ text: String) { writer.writeQuoted(text) }

  /// UTF-8 `bytes` (valid UTF-8) as a quoted JSON string.
  package mutating func string(utf8 bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writer.writeQuoted($0) }
  }

  /// `"name":`, after a comma unless it is the first member (`first` is then cleared).
  package mutating func key(_ name: String, first: inout Bool) {
    if !first { writer.buffer.append(UInt8(ascii: ",")) }
    first = false
    writer.writeQuoted(name)
    writer.buffer.append(UInt8(ascii: ":"))
  }

  /// A comma unless it is the first element (`first` is then cleared).
  package mutating func separator(first: inout Bool) {
    if !first { writer.buffer.append(UInt8(ascii: ",")) }
    first = false
  }

  /// A whole value, printed compactly.
  package mutating func value(_ value: JSONValue) {
    // A string (most stored values) is quoted at once, as the walk would print it.
    if case .string(let text) = value {
      writer.writeQuoted(text)
    } else {
      writer.write(value)
    }
  }

  /// The bytes written.
  package consuming func finish() -> [UInt8] { Array(writer.buffer.bytes) }
}
