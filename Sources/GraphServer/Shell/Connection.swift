/// One client connection, owned by the I/O loop thread.
final class Connection {
  enum Phase {
    /// Waiting for (the rest of) a request.
    case reading
    /// A request is with the transport.
    case processing
    /// An answer is being written.
    case writing
    /// Our side is shut down; reading and discarding until the client closes (so the
    /// client sees the last answer rather than a reset).
    case draining
  }

  /// The request being answered, for the answer's framing and the access log.
  struct Current {
    var method: String
    var target: String
    var minorVersion: Int
    var keepAlive: Bool
    var requestBytes: Int
    var started: UInt64
    var userAgent: String?
  }

  let id: UInt64
  let fd: Int32
  /// The scheme of the requests' URLs: `https` for a connection decrypted by a proxy.
  var scheme = "http"
  /// Whether the access log shows the whole URL (a proxy's connection), not just the target.
  var logsURL = false
  var parser: HTTPConnectionParser
  var phase = Phase.reading
  var current: Current?
  var output: [UInt8] = []
  var outputOffset = 0
  /// A large body written after `output`, from the answer's own storage.
  var tail: [UInt8] = []
  var tailOffset = 0
  /// Whether `ServerLoop.drive` is running for this connection (an answer written meanwhile
  /// must not start another).
  var driving = false
  var closeAfterWrite = false
  /// When the current wait (idle, request, write, drain) runs out, in monotonic nanoseconds.
  var deadline: UInt64
  /// When the first byte of the request being read arrived.
  var requestStarted: UInt64?
  var drainedBytes = 0
  /// This connection's share of the server's `ByteBudget`.
  var reservedBody = 0
  /// This connection's share of the server's answer budget: what it has not yet written.
  var reservedAnswer = 0
  /// When the connection was accepted, and how many requests it has had answered.
  let acceptedAt: UInt64
  var servedRequests = 0
  var isClosed = false
  /// What the loop's `EventPoller` waits for on this connection now.
  var interest: Interest = []
  /// Whether the connection is in the loop's list to have its interest and deadline checked
  /// before the next wait.
  var touched = false

  init(id: UInt64, fd: Int32, limits: HTTPLimits, acceptedAt: UInt64, deadline: UInt64) {
    self.id = id
    self.acceptedAt = acceptedAt
    self.fd = fd
    self.parser = HTTPConnectionParser(limits: limits)
    self.deadline = deadline
  }

  var hasPendingOutput: Bool { outputOffset < output.count || tailOffset < tail.count }
}
