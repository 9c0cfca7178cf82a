#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached POSIX thread with a small stack, for work that must not hold up its caller
/// (freeing a large document's pages, syncing a cassette's appends). Plain `pthread_create`,
/// not Foundation's `Thread`: nothing of Foundation's thread bookkeeping, so it can be started
/// in a forked child too.
package enum DetachedThread {
  /// Starts `body` on a new detached thread (Linux); `false` when none could be started (or
  /// elsewhere), and then `body` is not run.
  package static func start(stackSize: Int = 64 << 10, _ body: @escaping () -> Void) -> Bool {
    #if os(Linux)
      let context = Unmanaged.passRetained(Work(body)).toOpaque()
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
      pthread_attr_setstacksize(&attributes, stackSize)
      var thread = pthread_t()
      let started = pthread_create(
        &thread, &attributes,
        { context in
          guard let context else { return nil }
          Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, context)
      if started == 0 { return true }
      Unmanaged<Work>.fromOpaque(context).release()
    #endif
    return false
  }

  /// The work a thread runs, handed to it through its context pointer.
  private final class Work {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }
  }
}
