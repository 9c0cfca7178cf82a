/// A growable byte buffer for the writer. When it has a sink, `flushIfFull` hands over its
/// bytes once it holds `chunkSize` of them, so printing a large value needs little memory.
/// The owner calls `deallocate()` when done.
struct OutputBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  private(set) var count = 0
  let chunkSize: Int
  let sink: ((UnsafeRawBufferPointer) -> Void)?

  init(capacity: Int, chunkSize: Int = .max, sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
    self.capacity = max(capacity, 64)
    self.base = .allocate(capacity: self.capacity)
    self.chunkSize = chunkSize
    self.sink = sink
  }

  /// The bytes written so far.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  func deallocate() { base.deallocate() }

  /// Forgets the bytes written, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  @inline(never)
  private mutating func grow(to minimum: Int) {
    let newCapacity = max(capacity * 2, minimum)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Hands the bytes to the sink if there is one and they make a full chunk.
  @inline(__always)
  mutating func flushIfFull() {
    if count >= chunkSize { flush() }
  }

  /// Hands any bytes to the sink, if there is one.
  mutating func flush() {
    guard let sink, count > 0 else { return }
    sink(UnsafeRawBufferPointer(start: base, count: count))
    count = 0
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Appends without checking capacity; the caller reserved it.
  @inline(__always)
  mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ start: UnsafePointer<UInt8>, count n: Int) {
    reserve(n)
    (base + count).initialize(from: start, count: n)
    count += n
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0.baseAddress!, count: $0.count) }
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      if let start = utf8.baseAddress { append(start, count: utf8.count) }
    }
  }

  /// A line break and `indent` spaces.
  @inline(__always)
  mutating func appendNewline(indent: Int) {
    reserve(indent + 1)
    base[count] = 0x0A
    (base + count + 1).initialize(repeating: 0x20, count: indent)
    count += indent + 1
  }
}
