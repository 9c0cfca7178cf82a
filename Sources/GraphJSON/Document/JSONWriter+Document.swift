extension JSONWriter {
  /// An open container of a document being printed: the tape position of its next element
  /// (or next member's key) and where it ends, or with sorted keys the members' key positions
  /// in print order.
  private struct DocumentFrame {
    var isObject: Bool
    var next: Int
    var end: Int
    var order: [Int]?
    var printed = 0
  }

  /// Prints the document value `root` token by token from its tape, as `write(_:depth:)`
  /// prints the same value as a `JSONValue` (byte for byte), without materialising it.
  mutating func write(_ root: JSONDocument.Value, depth base: Int = 0) {
    let storage = root.storage
    let tape = storage.tape
    var stack: [DocumentFrame] = []
    var position = root.index
    while true {
      let word = tape[position]
      switch JSONTape.tag(word) {
      case JSONTape.null: literal("null")
      case JSONTape.true: literal("true")
      case JSONTape.false: literal("false")
      case JSONTape.inlineNumber, JSONTape.number:
        storage.withText(at: position) { number($0) }
      case JSONTape.inlineString, JSONTape.string:
        storage.withText(at: position) { string($0, plain: false) }
      default:
        let isObject = JSONTape.tag(word) == JSONTape.object
        let end = JSONTape.low(word)
        if end == position + 1 {
          emptyContainer(object: isObject)
        } else {
          beginContainer(object: isObject)
          var frame = DocumentFrame(isObject: isObject, next: position + 1, end: end)
          if isObject && sorted {
            frame.order = Self.sortedKeys(storage, from: position + 1, to: end)
          }
          stack.append(frame)
        }
      }
      valueDone()
      // Find the next value to print, closing finished containers.
      while true {
        guard let top = stack.indices.last else { return }
        var frame = stack[top]
        var keyPosition: Int?
        if let order = frame.order {
          if frame.printed < order.count { keyPosition = order[frame.printed] }
        } else if frame.next < frame.end {
          keyPosition = frame.next
        }
        guard let at = keyPosition else {
          stack.removeLast()
          endContainer(object: frame.isObject, depth: base + stack.count)
          valueDone()
          continue
        }
        element(first: frame.printed == 0, depth: base + stack.count)
        frame.printed += 1
        if frame.isObject {
          storage.withText(at: at) { key($0, plain: false) }
          position = at + 1
        } else {
          position = at
        }
        frame.next = storage.next(after: position)
        stack[top] = frame
        break
      }
    }
  }

  /// The key positions of an object's members ordered by key in code-point order (UTF-8
  /// byte order); members with the same key keep their order, as `sortedMembers` does.
  private static func sortedKeys(_ storage: JSONDocument.Storage, from start: Int, to end: Int)
    -> [Int]
  {
    var keys: [Int] = []
    var position = start
    while position < end {
      keys.append(position)
      position = storage.next(after: position + 1)
    }
    return keys.enumerated().sorted { a, b in
      let order = storage.withText(at: a.element) { x in
        storage.withText(at: b.element) { y -> Int in
          if x.elementsEqual(y) { return 0 }
          return x.lexicographicallyPrecedes(y) ? -1 : 1
        }
      }
      return order == 0 ? a.offset < b.offset : order < 0
    }.map(\.element)
  }
}

extension JSONPrinter {
  /// Prints a document value as a string (no trailing newline), exactly as `string(_:)` prints
  /// the same value as a `JSONValue`.
  public func string(_ value: JSONDocument.Value) -> String {
    withPrinted(value) { String(decoding: $0, as: UTF8.self) }
  }

  /// Prints a document value as UTF-8 bytes (no trailing newline).
  public func bytes(_ value: JSONDocument.Value) -> [UInt8] {
    withPrinted(value) { Array($0) }
  }

  /// Prints a document value (no trailing newline) in pieces of about `chunkSize` bytes,
  /// handing each to `sink` as it fills, as `write(_:chunkSize:to:)` does for a `JSONValue`.
  ///
  /// - Complexity: O(n) in the size of the output; memory O(`chunkSize` + depth).
  public func write(
    _ value: JSONDocument.Value, chunkSize: Int = 1 << 16,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) {
    streaming(chunkSize: chunkSize, to: sink) { $0.write(value) }
  }

  private func withPrinted<R>(
    _ value: JSONDocument.Value, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    printing({ $0.write(value) }, body)
  }
}

extension JSONDocument.Value: CustomStringConvertible {
  /// Compact JSON text of this value.
  public var description: String { JSONPrinter(options: []).string(self) }
}
