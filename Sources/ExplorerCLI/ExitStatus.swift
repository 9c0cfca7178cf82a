/// Process exit codes, as httpie's ExitStatus: one place that maps outcomes to numbers.
public enum ExitStatus: Int32, Sendable {
  /// Everything worked (and, for `diff`, the inputs are equal).
  case success = 0
  /// An expectation failed, a request line failed in a script, or `diff` found differences.
  case failure = 1
  /// Bad usage or bad input (an unknown flag, a file that is not JSON).
  case usage = 2
  /// `--check-status`: a script's request was answered with a redirect (3xx); the REPL
  /// follows none, as HTTPie without `--follow`.
  case redirect = 3
  /// `--check-status`: a client error answer (4xx).
  case clientError = 4
  /// `--check-status`: a server error answer (5xx).
  case serverError = 5

  /// What `--check-status` exits with for an answer of HTTP `status`: 3, 4 or 5 for 3xx, 4xx
  /// and 5xx (HTTPie's `--check-status`), `nil` for any other.
  static func checked(_ status: Int) -> ExitStatus? {
    switch status {
    case 300..<400: return .redirect
    case 400..<500: return .clientError
    case 500..<600: return .serverError
    default: return nil
    }
  }
}
