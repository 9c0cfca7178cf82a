/// The byte-level engine behind `JSONPrinter`: walks a value with an explicit stack (so any
/// depth prints) into a growable byte buffer, handing full chunks to a sink when streaming.
struct JSONWriter {
  let pretty: Bool
  let sorted: Bool
  let asciiOnly: Bool
  let colors: Colors?
  var buffer: OutputBuffer

  /// The escape sequences of a palette, as bytes.
  struct Colors {
    var null: [UInt8]
    var boolean: [UInt8]
    var number: [UInt8]
    var string: [UInt8]
    var key: [UInt8]
    var punctuation: [UInt8]
    let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    init(_ palette: JSONPrinter.Palette) {
      func sequence(_ code: String) -> [UInt8] { Array("\u{1B}[\(code)m".utf8) }
      null = sequence(palette.null)
      boolean = sequence(palette.boolean)
      number = sequence(palette.number)
      string = sequence(palette.string)
      key = sequence(palette.key)
      punctuation = sequence(palette.punctuation)
    }
  }

  /// An open container being printed: its elements (or members) and the next one to print.
  private struct Frame {
    var items: [JSONValue] = []
    var members: [JSONObject.Member] = []
    var isObject: Bool
    var next = 0
  }

  init(options: JSONPrinter.Options, palette: JSONPrinter.Palette, buffer: OutputBuffer) {
    pretty = options.contains(.pretty)
    sorted = options.contains(.sortedKeys)
    asciiOnly = options.contains(.asciiOnly)
    colors = options.contains(.color) ? Colors(palette) : nil
    self.buffer = buffer
  }

  /// Prints `root`, flushing the buffer between tokens once it holds a full chunk.
  mutating func write(_ root: JSONValue) {
    var stack: [Frame] = []
    var value = root
    while true {
      // Print `value`; containers with elements open a frame instead.
      switch value {
      case .null: token("null", colors?.null)
      case .bool(let b): token(b ? "true" : "false", colors?.boolean)
      case .number(let n):
        if let c = colors?.number { buffer.append(c) }
        buffer.append(n.text)
        if colors != nil { buffer.append(colors!.reset) }
      case .string(let s):
        if let c = colors?.string { buffer.append(c) }
        writeQuoted(s)
        if colors != nil { buffer.append(colors!.reset) }
      case .array(let items):
        if items.isEmpty {
          token("[]", colors?.punctuation)
        } else {
          token("[", colors?.punctuation)
          stack.append(Frame(items: items, isObject: false))
        }
      case .object(let object):
        if object.members.isEmpty {
          token("{}", colors?.punctuation)
        } else {
          token("{", colors?.punctuation)
          let members = sorted ? Self.sortedMembers(object.members) : object.members
          stack.append(Frame(members: members, isObject: true))
        }
      }
      buffer.flushIfFull()
      // Find the next value to print, closing finished containers.
      while true {
        guard let top = stack.indices.last else { return }
        let position = stack[top].next
        if stack[top].isObject {
          let members = stack[top].members
          if position < members.count {
            if position > 0 { token(",", colors?.punctuation) }
            newline(depth: stack.count)
            if let c = colors?.key { buffer.append(c) }
            writeQuoted(members[position].key)
            if colors != nil { buffer.append(colors!.reset) }
            token(pretty ? ": " : ":", colors?.punctuation)
            value = members[position].value
            stack[top].next += 1
            break
          }
          stack.removeLast()
          newline(depth: stack.count)
          token("}", colors?.punctuation)
        } else {
          let items = stack[top].items
          if position < items.count {
            if position > 0 { token(",", colors?.punctuation) }
            newline(depth: stack.count)
            value = items[position]
            stack[top].next += 1
            break
          }
          stack.removeLast()
          newline(depth: stack.count)
          token("]", colors?.punctuation)
        }
      }
    }
  }

  /// Members ordered by key in code-point order (which is UTF-8 byte order); members with
  /// the same key keep their order, so the last one still wins when read back.
  static func sortedMembers(_ members: [JSONObject.Member]) -> [JSONObject.Member] {
    members.enumerated().sorted { a, b in
      let (x, y) = (a.element.key.utf8, b.element.key.utf8)
      if x.elementsEqual(y) { return a.offset < b.offset }
      return x.lexicographicallyPrecedes(y)
    }.map(\.element)
  }

  @inline(__always)
  private mutating func token(_ text: StaticString, _ color: [UInt8]?) {
    if let color {
      buffer.append(color)
      buffer.append(text)
      buffer.append(colors!.reset)
    } else {
      buffer.append(text)
    }
  }

  @inline(__always)
  private mutating func newline(depth: Int) {
    guard pretty else { return }
    buffer.appendNewline(indent: depth * 2)
  }
}
