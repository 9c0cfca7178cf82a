/// A task executor whose jobs run on the server's I/O thread, between polls.
///
/// Transport calls are started as tasks that prefer this executor, so an answer that is ready
/// at once (the emulator, a cassette) is produced on the I/O thread without waking another
/// thread, and one that really waits (the network) suspends without holding the thread.
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
  private unowned let loop: ServerLoop

  init(loop: ServerLoop) {
    self.loop = loop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    if !loop.enqueue(unowned) {
      // The loop has ended: let the job finish on the global executor.
      unowned.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
    }
  }
}
