import Foundation

/// Runs blocking work on its own thread, so it never holds one of the few threads that Swift
/// concurrency (and so the server's transport tasks) run on.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do { continuation.resume(returning: try body()) } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.start()
  }
}
