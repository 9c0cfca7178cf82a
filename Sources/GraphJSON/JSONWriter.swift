/// The byte-level engine behind `JSONPrinter`: walks a value with an explicit stack (so any
/// depth prints) into a growable byte buffer, handing full chunks to a sink when streaming.
struct JSONWriter {
  let pretty: Bool
  let sorted: Bool
  let asciiOnly: Bool
  let colors: Colors?
  var buffer: OutputBuffer
  /// Array elements that stand for lists of strings (`JSONPrinter.write(_:splicing:)`).
  var splices: [String: JSONPrinter.StringList] = [:]

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

  /// An open container being printed: where its elements (or members) are, how many, and
  /// the next one to print. The pointers stay valid because the value being printed owns the
  /// storage and does not change meanwhile (and a sorted copy is kept in `sortedCopy`).
  private struct Frame {
    var items: UnsafePointer<JSONValue>?
    var members: UnsafePointer<JSONObject.Member>?
    var count: Int
    var next = 0
    var sortedCopy: [JSONObject.Member] = []
  }

  /// Where a member's value lies inside the member.
  private let valueOffset = MemoryLayout<JSONObject.Member>.offset(of: \.value) ?? 16

  init(options: JSONPrinter.Options, palette: JSONPrinter.Palette, buffer: OutputBuffer) {
    pretty = options.contains(.pretty)
    sorted = options.contains(.sortedKeys)
    asciiOnly = options.contains(.asciiOnly)
    colors = options.contains(.color) ? Colors(palette) : nil
    self.buffer = buffer
  }

  /// Prints `root`, flushing the buffer between tokens once it holds a full chunk; `depth` is
  /// how many containers it sits in (its indentation when pretty).
  ///
  /// Walks the value through pointers into its own storage rather than copying each element
  /// out, which would retain and release every string and container on the way.
  mutating func write(_ root: JSONValue, depth: Int = 0) {
    withUnsafePointer(to: root) { write(from: $0, depth: depth) }
  }

  private mutating func write(from root: UnsafePointer<JSONValue>, depth base: Int) {
    var stack: [Frame] = []
    var current = root
    while true {
      // Print the current value; containers with elements open a frame instead.
      switch current.pointee {
      case .null: literal("null")
      case .bool(let b): literal(b ? "true" : "false")
      case .number(let n):
        n.text.utf8.withContiguousStorageIfAvailable { number($0) }
          ?? number(Array(n.text.utf8))
      case .string(let text):
        if !splices.isEmpty, let list = splices[text], let top = stack.last,
          top.members == nil
        {
          splice(list, depth: base + stack.count)
        } else {
          text.utf8.withContiguousStorageIfAvailable { string($0, plain: false) }
            ?? string(Array(text.utf8), plain: false)
        }
      case .array(let items):
        if items.isEmpty {
          emptyContainer(object: false)
        } else {
          beginContainer(object: false)
          let start = items.withUnsafeBufferPointer { $0.baseAddress }
          stack.append(Frame(items: start, count: items.count))
        }
      case .object(let object):
        if object.members.isEmpty {
          emptyContainer(object: true)
        } else {
          beginContainer(object: true)
          var frame = Frame(count: object.members.count)
          if sorted { frame.sortedCopy = Self.sortedMembers(object.members) }
          let members = sorted ? frame.sortedCopy : object.members
          frame.members = members.withUnsafeBufferPointer { $0.baseAddress }
          stack.append(frame)
        }
      }
      valueDone()
      // Find the next value to print, closing finished containers.
      while true {
        guard let top = stack.indices.last else { return }
        let frame = stack[top]
        if frame.next < frame.count {
          element(first: frame.next == 0, depth: base + stack.count)
          if let members = frame.members {
            let member = members + frame.next
            member.pointee.key.utf8.withContiguousStorageIfAvailable { key($0, plain: false) }
              ?? key(Array(member.pointee.key.utf8), plain: false)
            current = UnsafeRawPointer(member).advanced(by: valueOffset)
              .assumingMemoryBound(to: JSONValue.self)
          } else {
            current = frame.items! + frame.next
          }
          stack[top].next += 1
          break
        }
        stack.removeLast()
        endContainer(object: frame.members != nil, depth: base + stack.count)
        valueDone()
      }
    }
  }

  /// The strings of `list` as elements of the array open at `depth`, in place of one.
  private mutating func splice(_ list: JSONPrinter.StringList, depth: Int) {
    var first = true
    list { item in
      if !first {
        valueDone()
        element(first: false, depth: depth)
      }
      first = false
      string(item, plain: false)
    }
  }

  private mutating func number(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { number($0) }
  }

  private mutating func string(_ bytes: [UInt8], plain: Bool) {
    bytes.withUnsafeBufferPointer { string($0, plain: plain) }
  }

  private mutating func key(_ bytes: [UInt8], plain: Bool) {
    bytes.withUnsafeBufferPointer { key($0, plain: plain) }
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
