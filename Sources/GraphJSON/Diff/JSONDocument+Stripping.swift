extension JSONDocument {
  /// A new document holding `value` with the parts `patterns` match left out, as
  /// `PatternStates.strip` leaves them out of a tree (`diff --ignore`): matched members are
  /// dropped, matched elements become `null` (so indices stay put), and a value matched whole is
  /// `null`. The copy is made tape to tape, so `diff --ignore` compares two documents (about
  /// 1.2× their text) instead of two trees (3.6× each; issue 48).
  ///
  /// - Parameter releasing: gives back `value`'s document's pages (tape and text) behind the
  ///   copy as it goes, so the source and the copy are not both whole at once: only for a
  ///   document nothing else reads afterwards (what lies behind reads as zeros).
  /// - Throws: `.outOfMemory` when the system cannot give the copy's blocks.
  /// - Complexity: O(size of `value`); member names are made into strings only where a
  ///   pattern can still match.
  package init(stripping value: Value, _ patterns: [JSONPathPattern], releasing: Bool = false)
    throws(JSONParseError)
  {
    let source = value.storage
    let words = source.next(after: value.index) - value.index
    guard
      var copy = TapeCopy(
        source: source, words: words, bytes: source.byteCount, releasing: releasing)
    else {
      throw JSONParseError(
        reason: .outOfMemory(bytes: (words + 1) * 8 + source.byteCount), line: 1, column: 1,
        offset: 0)
    }
    copy.run(from: value.index, states: PatternStates(patterns: patterns))
    self.init(storage: copy.finish())
  }

  private init(storage: Storage) { self.storage = storage }
}

/// The copy behind `JSONDocument(stripping:_:)`: the source's words and texts written to a new
/// tape and text buffer, containers' ends and texts' offsets moved to where they land.
private struct TapeCopy {
  let source: JSONDocument.Storage
  let releasing: Bool
  /// The copy's tape, its words, and how many are written.
  var tape: JSONRegion
  let words: UnsafeMutablePointer<UInt64>
  var wordCount = 0
  /// The copy's text buffer, its bytes, and how many are written.
  var text: JSONRegion
  let bytes: UnsafeMutablePointer<UInt8>
  var byteCount = 0
  private var nextRelease = 1 << 16

  /// An open container of the copy: its word on the new tape, where its children end on the
  /// source, the next child to read, how many were written, and the patterns' states there.
  private struct Frame {
    var word: Int
    var isObject: Bool
    var next: Int
    let end: Int
    var index = 0
    var written = 0
    let states: PatternStates
  }

  /// Reserves the copy's blocks; `nil` when the system cannot give them.
  init?(source: JSONDocument.Storage, words count: Int, bytes byteCapacity: Int, releasing: Bool) {
    self.source = source
    self.releasing = releasing
    // The copy is never larger than the source; the text keeps the parser's slack past its end.
    guard let tape = JSONRegion(capacity: (count + 1) * 8) else { return nil }
    guard let text = JSONRegion(capacity: byteCapacity + 16) else {
      tape.release()
      return nil
    }
    self.tape = tape
    self.text = text
    words = tape.base.bindMemory(to: UInt64.self, capacity: count + 1)
    bytes = text.base.bindMemory(to: UInt8.self, capacity: byteCapacity + 16)
  }

  /// Copies the value at `root` under `states`.
  mutating func run(from root: Int, states: PatternStates) {
    if states.accepts {
      append(JSONTape.null << 60)
      return
    }
    var stack: [Frame] = []
    var position = root
    var current = states
    while true {
      // Write the value at `position`; a container some pattern reaches opens a frame.
      let word = source.tape[position]
      let tag = JSONTape.tag(word)
      if current.isEmpty || tag < JSONTape.array || JSONTape.low(word) == position + 1 {
        copyVerbatim(position)
      } else {
        stack.append(
          Frame(
            word: wordCount, isObject: tag == JSONTape.object, next: position + 1,
            end: JSONTape.low(word), states: current))
        append(tag << 60)
      }
      // Find the next value to copy, closing finished containers.
      while true {
        guard var frame = stack.popLast() else { return }
        if frame.next >= frame.end {
          words[frame.word] = JSONTape.word(
            tag: frame.isObject ? JSONTape.object : JSONTape.array, field: frame.written,
            low: wordCount)
          continue
        }
        let child = frame.next
        let valueAt = frame.isObject ? child + 1 : child
        frame.next = source.next(after: valueAt)
        let step = frame.states.step(
          frame.isObject ? .key(source.string(at: child)) : .index(frame.index))
        frame.index += 1
        if step.accepts {
          // A matched element stays as `null`; a matched member goes.
          if !frame.isObject {
            append(JSONTape.null << 60)
            frame.written += 1
          }
          stack.append(frame)
          continue
        }
        if frame.isObject { copyText(child) }
        frame.written += 1
        stack.append(frame)
        position = valueAt
        current = step
        releasePassed(position)
        break
      }
    }
  }

  /// The document made of the copy.
  mutating func finish() -> JSONDocument.Storage {
    tape.shrink(to: wordCount * 8)
    text.shrink(to: byteCount)
    return JSONDocument.Storage(tape: tape, wordCount: wordCount, text: text, byteCount: byteCount)
  }

  @inline(__always)
  private mutating func append(_ word: UInt64) {
    words[wordCount] = word
    wordCount += 1
  }

  /// Copies the whole value at `position`, word by word.
  private mutating func copyVerbatim(_ position: Int) {
    let end = source.next(after: position)
    let shift = wordCount - position
    var at = position
    while at < end {
      let word = source.tape[at]
      switch JSONTape.tag(word) {
      case JSONTape.number, JSONTape.string:
        copyText(at)
      case JSONTape.array, JSONTape.object:
        append(word & ~JSONTape.lowMask | UInt64(JSONTape.low(word) + shift))
      default:
        append(word)
      }
      at += 1
      if at & 0xFFFF == 0 { releasePassed(at) }
    }
  }

  /// Copies the string or number at `position` (a key, too), its text moved to this copy's
  /// buffer when it is not inline.
  private mutating func copyText(_ position: Int) {
    let word = source.tape[position]
    let tag = JSONTape.tag(word)
    guard tag == JSONTape.number || tag == JSONTape.string else {
      append(word)
      return
    }
    source.withText(at: position) { text in
      if text.count >= Int(JSONTape.fieldMask) {
        UnsafeMutableRawPointer(bytes + byteCount).storeBytes(
          of: UInt64(text.count), as: UInt64.self)
        byteCount += 8
      }
      append(JSONTape.word(tag: tag, field: text.count, low: byteCount))
      if let from = text.baseAddress { (bytes + byteCount).update(from: from, count: text.count) }
      byteCount += text.count
    }
  }

  /// With `releasing`, gives back the source's pages before `position` about every 64 Ki
  /// words (the source's `release(before:)` acts once a MiB can go).
  private mutating func releasePassed(_ position: Int) {
    guard releasing, position >= nextRelease else { return }
    source.release(before: position)
    nextRelease = position + (1 << 16)
  }
}
