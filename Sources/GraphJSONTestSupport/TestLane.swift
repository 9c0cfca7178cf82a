import Foundation

/// Which tests run: every `swift test` runs the default lane; the full-scale limit tests (a
/// write budget spent to its 64 MiB, answers to their limit) run in CI, where Scripts/test sets
/// `GRAPH_EXPLORER_FULL_SCALE=1` when `CI` is set, or wherever that variable is set by hand.
/// Each is marked `@Test(.enabled(if: TestLane.fullScale))`; the default lane keeps a cheap
/// test of the same behaviour beside it.
public enum TestLane {
  /// The variable that turns the full-scale lane on.
  public static let variable = "GRAPH_EXPLORER_FULL_SCALE"

  /// Whether the full-scale limit tests run in this process.
  public static var fullScale: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}
