import Foundation
import GraphAPI
import GraphJSON

extension Cassette {
  /// `encoded()` in pieces of about 64 KiB, made one at a time as they are asked for, emptying
  /// `interactions` at once: each interaction is released once it is printed and each piece
  /// once it is written, so the cassette and its file are never both held whole (what `import`
  /// writes).
  package mutating func takeEncodedChunks() -> EncodedChunks {
    // Taken over in order, not copied reversed: a copy of the list was 4 MB more at 18,662
    // interactions, held while the file was written.
    var taken: [Interaction] = []
    swap(&taken, &interactions)
    return EncodedChunks(shell: self, interactions: taken, chunkSize: 65536)
  }

  /// The pieces of a cassette's file, printed on demand (the same bytes as `encoded()`).
  ///
  /// Each interaction is printed straight into pieces (re-indented as it is copied), so its
  /// printed text is held once, as the pieces that wait to be written, never as one growing
  /// buffer and a copy of it.
  package struct EncodedChunks: Sequence, IteratorProtocol {
    private let printer = JSONPrinter(options: [.pretty])
    /// The interactions still to print, in a box shared by copies of the sequence (it is read
    /// once): a copy, as `FileIO` makes when it casts it, would otherwise copy the whole list
    /// as the first interaction is taken out (4 MB at 18,662 interactions).
    private let queue: Queue

    private final class Queue {
      /// From `printed` on still to print (those before are emptied).
      var rest: [Interaction]
      var printed = 0
      init(_ rest: [Interaction]) { self.rest = rest }
    }
    /// The document before and after the interactions, and their indentation.
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    private var indent = 0
    private let chunkSize: Int
    private var started = false
    private var done = false
    private var first = true
    /// Full pieces not yet handed out (from `nextReady`), and the piece being filled.
    private var ready: [[UInt8]] = []
    private var nextReady = 0
    private var piece: [UInt8] = []

    init(shell: Cassette, interactions rest: [Interaction], chunkSize: Int) {
      queue = Queue(rest)
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
      while true {
        if nextReady < ready.count {
          // Taken out, so that each piece is released once written.
          var out: [UInt8] = []
          swap(&out, &ready[nextReady])
          nextReady += 1
          return out
        }
        if done { return nil }
        var filled: [[UInt8]] = []
        fill { filled.append($0) }
        (ready, nextReady) = (filled, 0)
      }
    }

    /// Hands every piece to `write` as it fills, so that not even one interaction's printed
    /// text is held: what `FileIO` writes a cassette with. Stops at the interaction where
    /// `write` first fails and returns its reason.
    package mutating func writeEach(_ write: ([UInt8]) -> String?) -> String? {
      while let piece = ready.indices.contains(nextReady) ? ready[nextReady] : nil {
        nextReady += 1
        if let failure = write(piece) { return failure }
      }
      ready = []
      var failure: String?
      while !done, failure == nil {
        fill { piece in if failure == nil { failure = write(piece) } }
      }
      return failure
    }

    /// The next interaction to print, its place emptied so that it is released once printed.
    private func takeNext() -> Interaction {
      var interaction = Interaction(
        request: HTTPRequest(url: ""), response: HTTPResponse(status: 0), recordedAt: "")
      swap(&interaction, &queue.rest[queue.printed])
      queue.printed += 1
      if queue.printed == queue.rest.count { queue.rest = [] }
      return interaction
    }

    /// Prints the next interaction (or the head, or the tail) into `piece`, handing each full
    /// piece to `deliver`.
    private mutating func fill(_ deliver: ([UInt8]) -> Void) {
      var chunks = Chunker(size: chunkSize)
      swap(&chunks.piece, &piece)
      defer { swap(&chunks.piece, &piece) }
      if !started {
        started = true
        head.withUnsafeBufferPointer { chunks.append($0, deliver) }
        head = []
      }
      guard queue.printed < queue.rest.count else {
        tail.withUnsafeBufferPointer { chunks.append($0, deliver) }
        if !chunks.piece.isEmpty { deliver(chunks.piece) }
        chunks.piece = []
        done = true
        return
      }
      if !first {
        ([0x2C, 0x0A] + repeatElement(0x20, count: indent)).withUnsafeBufferPointer {
          chunks.append($0, deliver)
        }
      }
      first = false
      // Encoded from a temporary: the interaction (its header fields) is released before it is
      // printed; the tree holds its strings, and the splices the packed header values.
      var splices: [String: JSONPrinter.StringList]? = [:]
      let value = NativeCodec.encode(takeNext(), splices: &splices)
      let spaces = [UInt8](repeating: 0x20, count: indent)
      printer.write(value, chunkSize: chunkSize, splicing: splices ?? [:]) { printed in
        // Structural line breaks only (strings escape theirs): each is followed by the
        // indentation of the interactions.
        guard let base = printed.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var position = 0
        while position < printed.count {
          let count = printed.count - position
          if let found = memchr(base + position, 0x0A, count) {
            let lineEnd = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base + 1
            chunks.append(
              UnsafeBufferPointer(start: base + position, count: lineEnd - position), deliver)
            spaces.withUnsafeBufferPointer { chunks.append($0, deliver) }
            position = lineEnd
          } else {
            chunks.append(UnsafeBufferPointer(start: base + position, count: count), deliver)
            position = printed.count
          }
        }
      }
    }
  }

  /// Bytes cut into pieces of `size`, each handed on once full.
  private struct Chunker {
    let size: Int
    var piece: [UInt8] = []

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ deliver: ([UInt8]) -> Void) {
      var from = 0
      while from < bytes.count {
        if piece.isEmpty { piece.reserveCapacity(size) }
        let take = Swift.min(bytes.count - from, size - piece.count)
        piece.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<(from + take)]))
        from += take
        if piece.count == size {
          deliver(piece)
          piece = []
        }
      }
    }
  }
}
