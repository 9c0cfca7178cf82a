/// Shared by every fuzz target (compiled into each one by Scripts/fuzz; not a SwiftPM target).

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with `message` when a property the target checks does not hold: libFuzzer
/// records the input as a crash, like any other trap.
func fuzzRequire(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
) {
  if !condition() { fatalError("fuzz property failed: \(message())") }
}
