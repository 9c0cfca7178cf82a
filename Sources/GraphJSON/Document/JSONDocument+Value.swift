extension JSONDocument {
  /// The kind of a value in a document.
  public enum Kind: Sendable, Hashable {
    case null, bool, number, string, array, object

    /// The name in messages: `null`, `boolean`, `number`, `string`, `array`, `object`
    /// (`kindName` of a `JSONValue` and of a document's value).
    var name: String {
      switch self {
      case .null: return "null"
      case .bool: return "boolean"
      case .number: return "number"
      case .string: return "string"
      case .array: return "array"
      case .object: return "object"
      }
    }
  }

  /// A view of one value inside a `JSONDocument` (it keeps the document alive). Reading it
  /// allocates nothing except the strings and `JSONValue`s it is asked for.
  public struct Value: Sendable {
    let storage: Storage
    /// The value's word on the tape.
    let index: Int

    @inline(__always) var word: UInt64 { storage.tape[index] }

    /// What kind of value this is.
    public var kind: Kind {
      switch JSONTape.tag(word) {
      case JSONTape.null: return .null
      case JSONTape.true, JSONTape.false: return .bool
      case JSONTape.inlineNumber, JSONTape.number: return .number
      case JSONTape.inlineString, JSONTape.string: return .string
      case JSONTape.array: return .array
      default: return .object
      }
    }

    /// A short name of the value's kind, for messages: `object`, `array`, `string`, ... (as
    /// `JSONValue.kindName`).
    public var kindName: String { kind.name }

    /// Whether this is `null`.
    public var isNull: Bool { JSONTape.tag(word) == JSONTape.null }

    /// The Boolean, if this is a Boolean.
    public var boolValue: Bool? {
      switch JSONTape.tag(word) {
      case JSONTape.true: return true
      case JSONTape.false: return false
      default: return nil
      }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
      guard kind == .string else { return nil }
      return storage.string(at: index)
    }

    /// The number (its exact text), if this is a number.
    public var numberValue: JSONNumber? {
      guard kind == .number else { return nil }
      return JSONNumber(text: storage.string(at: index))
    }

    /// Calls `body` with the UTF-8 bytes of this string, or of this number's text, without
    /// making a `String`; `nil` for other kinds. The bytes are valid only inside `body`.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
      guard kind == .string || kind == .number else { return nil }
      return try storage.withText(at: index, body)
    }

    /// The number of elements of an array or members of an object; 0 for other kinds.
    ///
    /// - Complexity: O(1) below 16,777,215 elements.
    public var count: Int {
      let tag = JSONTape.tag(word)
      guard tag == JSONTape.array || tag == JSONTape.object else { return 0 }
      let stored = JSONTape.field(word)
      if stored < Int(JSONTape.fieldMask) { return stored }
      return tag == JSONTape.array
        ? elements.reduce(0) { n, _ in n + 1 } : members.reduce(0) { n, _ in n + 1 }
    }

    /// The member named `key` when this is an object (the last one when the key repeats),
    /// else `nil`.
    ///
    /// - Complexity: O(members), comparing bytes (no strings are made).
    public subscript(key: String) -> Value? {
      guard JSONTape.tag(word) == JSONTape.object else { return nil }
      var key = key
      return key.withUTF8 { wanted in
        var found: Int?
        var position = index + 1
        let end = JSONTape.low(word)
        while position < end {
          let same = storage.withText(at: position) { candidate in
            candidate.count == wanted.count
              && (wanted.isEmpty
                || ByteWord.equal(candidate.baseAddress!, wanted.baseAddress!, wanted.count))
          }
          if same { found = position + 1 }
          position = storage.next(after: position + 1)
        }
        return found.map { Value(storage: storage, index: $0) }
      }
    }

    /// The element at `position` when this is an array and the position is in range, else
    /// `nil`.
    ///
    /// - Complexity: O(`position`): elements are found by walking the tape.
    public subscript(position: Int) -> Value? {
      guard JSONTape.tag(word) == JSONTape.array, position >= 0 else { return nil }
      var remaining = position
      for element in elements {
        if remaining == 0 { return element }
        remaining -= 1
      }
      return nil
    }

    /// The elements when this is an array, in order; empty for other kinds.
    public var elements: Elements {
      let isArray = JSONTape.tag(word) == JSONTape.array
      return Elements(
        storage: storage, start: index + 1, end: isArray ? JSONTape.low(word) : index + 1)
    }

    /// The members when this is an object, in source order (repeated keys included); empty
    /// for other kinds.
    public var members: Members {
      let isObject = JSONTape.tag(word) == JSONTape.object
      return Members(
        storage: storage, start: index + 1, end: isObject ? JSONTape.low(word) : index + 1)
    }
  }

  /// The elements of an array in a document.
  public struct Elements: Sequence, Sendable {
    let span: TapeSpan

    init(storage: Storage, start: Int, end: Int) {
      span = TapeSpan(storage: storage, position: start, end: end)
    }

    public struct Iterator: IteratorProtocol {
      var span: TapeSpan

      public mutating func next() -> Value? {
        span.advance(keyed: false).map { Value(storage: span.storage, index: $0) }
      }
    }

    public func makeIterator() -> Iterator { Iterator(span: span) }
  }

  /// The members of an object in a document: each key with its value.
  public struct Members: Sequence, Sendable {
    let span: TapeSpan

    init(storage: Storage, start: Int, end: Int) {
      span = TapeSpan(storage: storage, position: start, end: end)
    }

    public struct Iterator: IteratorProtocol {
      var span: TapeSpan

      public mutating func next() -> (key: String, value: Value)? {
        guard let key = span.advance(keyed: true) else { return nil }
        return (span.storage.string(at: key), Value(storage: span.storage, index: key + 1))
      }
    }

    public func makeIterator() -> Iterator { Iterator(span: span) }
  }

  /// The children of a container still to visit, from `position` to `end` on the tape: the
  /// walk that `Elements` and `Members` share.
  struct TapeSpan: Sendable {
    let storage: Storage
    var position: Int
    let end: Int

    /// The tape index of the next child (of a member: its key, the value following), moving
    /// past it; `nil` at the end.
    @inline(__always)
    mutating func advance(keyed: Bool) -> Int? {
      guard position < end else { return nil }
      let child = position
      position = storage.next(after: keyed ? child + 1 : child)
      return child
    }
  }
}

extension JSONDocument.Storage {
  /// The tape index just past the value at `position`.
  @inline(__always)
  func next(after position: Int) -> Int {
    let word = tape[position]
    let tag = JSONTape.tag(word)
    return tag >= JSONTape.array ? JSONTape.low(word) : position + 1
  }

  /// Calls `body` with the text of the string or number at `position`.
  @inline(__always)
  func withText<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  {
    let word = tape[position]
    let tag = JSONTape.tag(word)
    if tag == JSONTape.inlineString || tag == JSONTape.inlineNumber {
      var payload = (word & JSONTape.inlineMask).littleEndian
      let length = JSONTape.inlineLength(word)
      return try withUnsafeBytes(of: &payload) { raw in
        try body(
          UnsafeBufferPointer(
            start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
            count: length))
      }
    }
    let offset = JSONTape.low(word)
    var length = JSONTape.field(word)
    if length == Int(JSONTape.fieldMask) {
      length = Int(UnsafeRawPointer(text + offset - 8).loadUnaligned(as: UInt64.self))
    }
    return try body(UnsafeBufferPointer(start: text + offset, count: length))
  }

  /// The string (or number text) at `position`; the parser checked it is UTF-8.
  func string(at position: Int) -> String {
    withText(at: position) { String(decoding: $0, as: UTF8.self) }
  }
}

extension JSONDocument.Value {
  /// Calls `body` with each element of this array in order, giving back the document's memory
  /// before each element once `body` is done with the ones before it: for a decoder that reads
  /// a large document's elements once, in order (an import), so that the tape does not stay
  /// whole beside what is made of it. Nothing before the element being read may be read
  /// afterwards, through this value or any other (it reads as zeros): read what comes before
  /// the array first.
  package func forEachElementReleasingThePast<E: Error>(
    _ body: (JSONDocument.Value) throws(E) -> Void
  )
    throws(E)
  {
    var iterator = elements.makeIterator()
    while let element = iterator.next() {
      storage.release(before: element.index)
      try body(element)
    }
  }
}
