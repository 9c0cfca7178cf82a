extension JSONDocument.Value {
  /// This value as a `JSONValue` (a copy: the enum allocates each container and longer
  /// string). Built with an explicit stack, so any depth is safe.
  ///
  /// - Complexity: O(n) in the size of the value.
  public var jsonValue: JSONValue {
    let storage = self.storage
    let tape = storage.tape
    var values = MoveStack<JSONValue>(capacity: 64)
    var keys = MoveStack<String>(capacity: 32)
    defer {
      values.release()
      keys.release()
    }
    struct Frame {
      var isObject: Bool
      var end: Int
      var valueStart: Int
      var keyStart: Int
    }
    var frames: [Frame] = []
    let stop = storage.next(after: index)
    var position = index
    while true {
      while let frame = frames.last, position == frame.end {
        frames.removeLast()
        if frame.isObject {
          let n = values.count - frame.valueStart
          let members = [JSONObject.Member](unsafeUninitializedCapacity: n) { target, done in
            for i in 0..<n {
              (target.baseAddress! + i).initialize(
                to: JSONObject.Member(
                  key: keys.move(at: frame.keyStart + i),
                  value: values.move(at: frame.valueStart + i)))
            }
            done = n
          }
          values.discard(from: frame.valueStart)
          keys.discard(from: frame.keyStart)
          values.push(.object(JSONObject(members)))
        } else {
          values.push(.array(values.popArray(from: frame.valueStart)))
        }
      }
      if position == stop { return values.pop() }
      if let frame = frames.last, frame.isObject {
        keys.push(storage.string(at: position))
        position += 1
      }
      let word = tape[position]
      switch JSONTape.tag(word) {
      case JSONTape.null: values.push(.null)
      case JSONTape.true: values.push(.bool(true))
      case JSONTape.false: values.push(.bool(false))
      case JSONTape.inlineNumber, JSONTape.number:
        values.push(.number(JSONNumber(text: storage.string(at: position))))
      case JSONTape.inlineString, JSONTape.string:
        values.push(.string(storage.string(at: position)))
      default:
        let isObject = JSONTape.tag(word) == JSONTape.object
        let end = JSONTape.low(word)
        if end == position + 1 {
          values.push(isObject ? .object(JSONObject()) : .array([]))
        } else {
          frames.append(
            Frame(isObject: isObject, end: end, valueStart: values.count, keyStart: keys.count))
        }
      }
      position += 1
    }
  }
}
