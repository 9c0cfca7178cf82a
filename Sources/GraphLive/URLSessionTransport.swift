import Foundation
import GraphAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real network: sends each `HTTPRequest` with URLSession and returns the answer as it is.
///
/// - Redirects are not followed: Graph's 302s (such as `/me/picture`) come back with their
///   `Location`, as the Graph API Explorer shows them.
/// - gzip and deflate bodies are decoded by URLSession; the answer then drops
///   `Content-Encoding` and gets the decoded `Content-Length`, so it is what a client would use.
///   On Linux there is no way to get the compressed bytes instead: swift-corelibs-foundation's
///   `_HTTPURLProtocol.configureEasyHandle` calls `set(automaticBodyDecompression: true)` for
///   every request, which sets libcurl's `CURLOPT_ACCEPT_ENCODING` to `""` and
///   `CURLOPT_HTTP_CONTENT_DECODING` to 1; an `Accept-Encoding` header of the request only
///   replaces the header sent, libcurl still decodes what comes back.
/// - Failures without an answer become `GraphLiveError`s naming the host.
/// - A body larger than `maxAnswerBytes` once decoded (a gzip bomb: 1 MB that inflates to
///   1 GiB) is not read past the limit: the request fails with `.answerTooLarge`.
public final class URLSessionTransport: GraphTransport, Sendable {
  /// How long to wait for an answer.
  public let timeout: Duration
  /// Sent as `User-Agent` when the request has none.
  public let userAgent: String
  /// The largest decoded body read: 64 MiB unless told otherwise.
  public let maxAnswerBytes: Int
  private let session: URLSession
  private let collector = AnswerCollector()

  /// The default `maxAnswerBytes`, 64 MiB.
  public static let defaultMaxAnswerBytes = 64 << 20

  /// - Parameter maxConnectionsPerHost: how many requests to one host may be in flight at once
  ///   (URLSession's default is 6: six stalled requests would hold every later one).
  public init(
    timeout: Duration = .seconds(60), userAgent: String = "graph-explorer",
    maxAnswerBytes: Int = URLSessionTransport.defaultMaxAnswerBytes,
    maxConnectionsPerHost: Int = 6
  ) {
    self.timeout = timeout
    self.userAgent = userAgent
    self.maxAnswerBytes = maxAnswerBytes
    let configuration = URLSessionConfiguration.ephemeral
    // swift-corelibs-foundation truncates these to whole seconds (0.5 s becomes "at once"), so
    // they only back up the transport's own timer, which cancels the task on time.
    let backstop = (Self.seconds(timeout) + 1).rounded(.up)
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    configuration.httpCookieStorage = nil
    configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(
      configuration: configuration, delegate: collector, delegateQueue: InlineOperationQueue())
  }

  deinit {
    // The last reference may go away on the session's own queue (inside a completion handler),
    // where invalidating synchronously would deadlock; invalidate from elsewhere.
    let session = self.session
    DispatchQueue.global().async { session.finishTasksAndInvalidate() }
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let parts = URLParts(request.url), parts.scheme == "http" || parts.scheme == "https",
      let url = URL(string: request.url)
    else { throw GraphLiveError.invalidURL(request.url) }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    urlRequest.timeoutInterval = (Self.seconds(timeout) + 1).rounded(.up)
    for field in request.headers {
      urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
    }
    if request.headers["User-Agent"] == nil {
      urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    }
    if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
    let started = ContinuousClock.now
    let box = TaskBox()
    let timeout = self.timeout
    let mapError = { @Sendable (error: any Error) in
      Self.liveError(error, parts: parts, timeout: timeout)
    }
    let limit = maxAnswerBytes
    let (data, response): (Data, URLResponse) = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: urlRequest)
        collector.follow(task, limit: limit) { ending in
          switch ending {
          case .tooLarge:
            continuation.resume(
              throwing: GraphLiveError.answerTooLarge(host: parts.host, limit: limit))
          case _ where box.didTimeOut:
            continuation.resume(
              throwing: GraphLiveError.timedOut(host: parts.host, after: timeout))
          case .failure(let error) where (error as? URLError)?.code == .cancelled:
            continuation.resume(throwing: CancellationError())
          case .failure(let error):
            continuation.resume(throwing: mapError(error))
          case .answer(let data, let response):
            continuation.resume(returning: (data, response))
          }
        }
        box.set(task)
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout)) {
          box.timeOut()
        }
      }
    } onCancel: {
      box.cancel()
    }
    let duration = ContinuousClock.now - started
    guard let http = response as? HTTPURLResponse else {
      throw GraphLiveError.network(host: parts.host, reason: "not an HTTP response")
    }
    return Self.response(http, body: Array(data), duration: duration)
  }

  static func response(_ http: HTTPURLResponse, body: [UInt8], duration: Duration) -> HTTPResponse {
    var headers = HTTPHeaders()
    for (key, value) in http.allHeaderFields {
      guard let name = key as? String, let text = value as? String else { continue }
      headers.add(name, text)
    }
    headers.fields.sort { $0.name.lowercased() < $1.name.lowercased() }
    let encoding = headers["Content-Encoding"]?.lowercased()
    let stillGzip = body.count >= 2 && body[0] == 0x1f && body[1] == 0x8b
    if let encoding, encoding == "gzip" || encoding == "deflate",
      !stillGzip || encoding == "deflate"
    {
      headers["Content-Encoding"] = nil
      headers["Content-Length"] = String(body.count)
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: body, duration: duration)
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// Holds the running task so cancellation can reach it.
private final class TaskBox: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionTask?
  private var cancelled = false
  private var timedOut = false

  func set(_ task: URLSessionTask) {
    lock.lock()
    self.task = task
    let cancel = cancelled
    lock.unlock()
    if cancel { task.cancel() }
  }

  func cancel() {
    lock.lock()
    cancelled = true
    let task = self.task
    lock.unlock()
    task?.cancel()
  }

  /// Cancels a task still running when the timeout fires, and remembers why.
  func timeOut() {
    lock.lock()
    guard let task, task.state == .running || task.state == .suspended else {
      lock.unlock()
      return
    }
    timedOut = true
    lock.unlock()
    task.cancel()
  }

  var didTimeOut: Bool {
    lock.lock()
    defer { lock.unlock() }
    return timedOut
  }
}
