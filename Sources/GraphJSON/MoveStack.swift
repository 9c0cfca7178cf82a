/// A stack of values in one manually managed buffer, from which the top `n` elements can be
/// moved out into a new array in one step: the parser's stack of finished values and keys.
/// The owner calls `release()` when done (it deinitializes what is left).
struct MoveStack<Element> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  mutating func release() {
    base.deinitialize(count: count)
    base.deallocate()
    count = 0
  }

  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @inline(__always)
  mutating func pop() -> Element {
    count -= 1
    return (base + count).move()
  }

  @inline(never)
  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Moves the elements from `start` to the top into a new array, in order.
  @inline(__always)
  mutating func popArray(from start: Int) -> [Element] {
    let n = count - start
    let source = base + start
    count = start
    return [Element](unsafeUninitializedCapacity: n) { target, initialized in
      target.baseAddress!.moveInitialize(from: source, count: n)
      initialized = n
    }
  }

  /// The element at `position`, moved out; the caller then drops the moved-out slots with
  /// `discard(from:)`, which does not deinitialize them again.
  @inline(__always)
  func move(at position: Int) -> Element { (base + position).move() }

  /// Forgets the (already moved-out) elements from `start` to the top.
  @inline(__always)
  mutating func discard(from start: Int) { count = start }
}
