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
      case .null: literal("null")
      case .bool(let b): literal(b ? "true" : "false")
      case .number(let n):
        var text = n.text
        text.withUTF8 { number($0) }
      case .string(var s):
        s.withUTF8 { string($0, plain: false) }
      case .array(let items):
        if items.isEmpty {
          emptyContainer(object: false)
        } else {
          beginContainer(object: false)
          stack.append(Frame(items: items, isObject: false))
        }
      case .object(let object):
        if object.members.isEmpty {
          emptyContainer(object: true)
        } else {
          beginContainer(object: true)
          let members = sorted ? Self.sortedMembers(object.members) : object.members
          stack.append(Frame(members: members, isObject: true))
        }
      }
      valueDone()
      // Find the next value to print, closing finished containers.
      while true {
        guard let top = stack.indices.last else { return }
        let position = stack[top].next
        if stack[top].isObject {
          if position < stack[top].members.count {
            element(first: position == 0, depth: stack.count)
            var name = stack[top].members[position].key
            name.withUTF8 { key($0, plain: false) }
            value = stack[top].members[position].value
            stack[top].next += 1
            break
          }
        } else if position < stack[top].items.count {
          element(first: position == 0, depth: stack.count)
          value = stack[top].items[position]
          stack[top].next += 1
          break
        }
        let isObject = stack[top].isObject
        stack.removeLast()
        endContainer(object: isObject, depth: stack.count)
        valueDone()
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
  mutating func token(_ text: StaticString, _ color: [UInt8]?) {
    if let color {
      buffer.append(color)
      buffer.append(text)
      buffer.append(colors!.reset)
    } else {
      buffer.append(text)
    }
  }
}
