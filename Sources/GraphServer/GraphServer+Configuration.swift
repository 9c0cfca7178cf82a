import Foundation

extension GraphServer {
  /// Where the server listens, what it accepts, and how long it waits for slow clients.
  public struct Configuration: Sendable {
    /// The address to bind: a numeric IPv4/IPv6 address or a host name. Loopback by default.
    public var host: String
    /// The port; 0 lets the system pick a free one (`start()` returns it).
    public var port: Int
    /// Size limits on requests.
    public var limits: HTTPLimits
    /// How long an idle keep-alive connection is kept open waiting for its next request.
    public var idleTimeout: Duration
    /// How long a client has, from the first byte of a request, to send all of it (headers and
    /// body). A client that stalls or trickles past it is answered 408 and disconnected.
    public var requestTimeout: Duration
    /// How long a client has to read an answer before it is disconnected.
    public var writeTimeout: Duration
    /// How long `stop()` lets in-flight requests run before closing what is left.
    public var shutdownGracePeriod: Duration
    /// The most connections open at once. At the cap, a waiting client gets the slot of the
    /// longest-idle keep-alive connection, or else of a request that has been arriving for
    /// longer than `requestTimeoutAtCapacity` (answered 408); otherwise it waits in the backlog.
    public var maxConnections: Int
    /// At the connection cap, how long a request may take to arrive before its connection is
    /// given to a waiting client (the shortened request timeout).
    public var requestTimeoutAtCapacity: Duration
    /// The most request-body bytes held at once over all connections (declared lengths count
    /// from the head on); a request that would go past it is answered 503 with `Retry-After`.
    public var maxBodyBytesInFlight: Int
    /// The most answer bytes waiting at once, over all connections, for clients that read them
    /// slower than they are written; while past it, a new request is answered 503 with
    /// `Retry-After` (its transport is not called), so slow readers cannot make the server hold
    /// unbounded memory.
    public var maxAnswerBytesInFlight: Int
    /// Whether transport calls run on the I/O thread (`true`, no thread switch: for transports
    /// that answer at once) or on the global concurrent executor (`false`: for transports that
    /// do real work after waiting, such as forwarding and recording a large answer).
    public var transportOnIOThread: Bool
    /// How many I/O threads serve connections (each connection stays on one). Defaults to half
    /// the cores (at least 1, at most 4): on loopback the clients need the other half.
    public var ioThreads: Int
    /// Called once per answered request (and per refused one), on the server's I/O thread.
    public var accessLog: (@Sendable (AccessLogEntry) -> Void)?
    /// Called by an I/O thread when it has nothing to do and is about to wait: a buffered access
    /// log writes what it holds here, so lines are written in batches under load and within
    /// 20 ms when the server goes quiet.
    public var accessLogFlush: (@Sendable () -> Void)?

    public init(
      host: String = "127.0.0.1", port: Int = 0, limits: HTTPLimits = HTTPLimits(),
      idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30),
      writeTimeout: Duration = .seconds(30), shutdownGracePeriod: Duration = .seconds(30),
      maxConnections: Int = 1024, requestTimeoutAtCapacity: Duration = .milliseconds(500),
      maxBodyBytesInFlight: Int = 128 * 1024 * 1024,
      maxAnswerBytesInFlight: Int = 128 * 1024 * 1024, transportOnIOThread: Bool = true,
      ioThreads: Int = Configuration.defaultIOThreads,
      accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
      accessLogFlush: (@Sendable () -> Void)? = nil
    ) {
      self.host = host
      self.port = port
      self.limits = limits
      self.idleTimeout = idleTimeout
      self.requestTimeout = requestTimeout
      self.writeTimeout = writeTimeout
      self.shutdownGracePeriod = shutdownGracePeriod
      self.maxConnections = maxConnections
      self.requestTimeoutAtCapacity = requestTimeoutAtCapacity
      self.maxBodyBytesInFlight = maxBodyBytesInFlight
      self.maxAnswerBytesInFlight = maxAnswerBytesInFlight
      self.transportOnIOThread = transportOnIOThread
      self.ioThreads = ioThreads
      self.accessLog = accessLog
      self.accessLogFlush = accessLogFlush
    }

    /// Half the cores, between 1 and 4. On 2 cores one I/O thread gave a lower p99 than two
    /// under wrk (docs/benchmarks.md), the client's threads needing the other core.
    public static var defaultIOThreads: Int {
      min(4, max(1, ProcessInfo.processInfo.activeProcessorCount / 2))
    }
  }

  /// One line of the access log.
  public struct AccessLogEntry: Sendable, Hashable {
    /// The request method, or `nil` when the request was refused before it could be read.
    public var method: String?
    /// The request target as sent (`/me?access_token=...`): mask secrets before showing it.
    public var target: String?
    /// The status answered.
    public var status: Int
    /// The request body size in bytes.
    public var requestBytes: Int
    /// The response body size in bytes.
    public var responseBytes: Int
    /// From the whole request being read to the answer being ready.
    public var duration: Duration
    /// Why the request was refused, for statuses the server produced itself (4xx, 502).
    public var error: String?
    /// The request's `User-Agent`, when it had one.
    public var userAgent: String?

    public init(
      method: String?, target: String?, status: Int, requestBytes: Int, responseBytes: Int,
      duration: Duration, error: String? = nil, userAgent: String? = nil
    ) {
      self.method = method
      self.target = target
      self.status = status
      self.requestBytes = requestBytes
      self.responseBytes = responseBytes
      self.duration = duration
      self.error = error
      self.userAgent = userAgent
    }
  }
}

extension Duration {
  /// The duration in whole nanoseconds (negative durations count as zero).
  var nanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return 0 }
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }
}
