import GraphJSON

extension Cassette {
  /// `encoded()` in pieces of about 64 KiB, made one at a time as they are asked for, emptying
  /// `interactions` at once: each interaction is released once it is printed and each piece
  /// once it is written, so the cassette and its file are never both held whole (what `import`
  /// writes).
  package mutating func takeEncodedChunks() -> EncodedChunks {
    let rest = Array(interactions.reversed())
    interactions = []
    return EncodedChunks(shell: self, reversed: rest, chunkSize: 65536)
  }

  /// The pieces of a cassette's file, printed on demand (the same bytes as `encoded()`).
  package struct EncodedChunks: Sequence, IteratorProtocol {
    private let printer = JSONPrinter(options: [.pretty])
    /// The interactions still to print, last first.
    private var rest: [Interaction]
    /// The document before and after the interactions, and their indentation.
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    private var indent = 0
    private let chunkSize: Int
    private var started = false
    private var done = false
    private var first = true
    /// The interaction being copied into pieces, and how far.
    private var current: [UInt8] = []
    private var position = 0

    init(shell: Cassette, reversed rest: [Interaction], chunkSize: Int) {
      self.rest = rest
      self.chunkSize = chunkSize
      var shell = shell
      shell.interactions = []
      guard case .object(var root) = NativeCodec.encode(shell) else {
        done = true
        return
      }
      if rest.isEmpty {
        head = printer.bytes(.object(root))
        head.append(0x0A)
        return
      }
      // The document with one `null` for the interactions: the only bare `null` in it, since
      // the other members are a number and a string.
      root[NativeCodec.interactionsKey] = [.null]
      let frame = printer.bytes(.object(root))
      guard let at = frame.firstRange(of: Array("null".utf8)) else {
        done = true
        return
      }
      indent = frame[..<at.lowerBound].reversed().prefix { $0 == 0x20 }.count
      head = Array(frame[..<at.lowerBound])
      tail = Array(frame[at.upperBound...]) + [0x0A]
    }

    package mutating func next() -> [UInt8]? {
      guard !done else { return nil }
      var bytes: [UInt8] = []
      if !started {
        started = true
        bytes = head
        head = []
      } else {
        bytes.reserveCapacity(chunkSize + chunkSize / 4)
      }
      while true {
        // The printed interaction, copied into pieces: one large interaction does not make
        // one large piece.
        while position < current.count {
          // Up to the piece's size at most, and up to the next line break, copied at once.
          let end = Swift.min(current.count, position + Swift.max(chunkSize - bytes.count, 1))
          if let lineBreak = current[position..<end].firstIndex(of: 0x0A) {
            bytes.append(contentsOf: current[position...lineBreak])
            position = lineBreak + 1
            // Structural line breaks only: strings escape theirs.
            bytes.append(contentsOf: repeatElement(0x20, count: indent))
          } else {
            bytes.append(contentsOf: current[position..<end])
            position = end
          }
          if bytes.count >= chunkSize { return bytes }
        }
        current = []
        position = 0
        guard let interaction = rest.popLast() else { break }
        if !first {
          bytes.append(0x2C)
          bytes.append(0x0A)
          bytes.append(contentsOf: repeatElement(0x20, count: indent))
        }
        first = false
        current = printer.bytes(NativeCodec.encode(interaction))
      }
      bytes.append(contentsOf: tail)
      done = true
      return bytes
    }
  }
}
