/// Process exit codes, as httpie's ExitStatus: one place that maps outcomes to numbers.
public enum ExitStatus: Int32, Sendable {
  /// Everything worked (and, for `diff`, the inputs are equal).
  case success = 0
  /// An expectation failed, a request line failed in a script, or `diff` found differences.
  case failure = 1
  /// Bad usage or bad input (an unknown flag, a file that is not JSON).
  case usage = 2
}
