import CCurl
import Foundation
import GraphAPI

/// The real network: sends each `HTTPRequest` with libcurl and returns the answer as it is.
///
/// - Each request gets its own easy handle, run by `curl_easy_perform` on its own thread
///   (`TransferPool`): a slow or huge transfer never holds another. At most `maxTransfers` run
///   at once (256 unless told otherwise); later requests wait for a slot.
/// - Connections are kept open between requests and reused (up to 16 idle easy handles, each
///   with its connections; `CurlHandlePool`), as a browser or `requests.Session` does.
/// - Redirects are not followed: Graph's 302s (such as `/me/picture`) come back with their
///   `Location`, as the Graph API Explorer shows them.
/// - libcurl's content decoding is off (`CURLOPT_HTTP_CONTENT_DECODING` 0): the bytes arrive as
///   the server sent them. gzip and deflate bodies are inflated here, never past
///   `maxAnswerBytes`; the answer then has the decoded body, no `Content-Encoding`, the decoded
///   `Content-Length`, and `received` holds what came over the network (a cassette stores it).
///   A request without `Accept-Encoding` is sent `Accept-Encoding: gzip, deflate`.
/// - Proxies as libcurl takes them from the environment (`https_proxy`, `no_proxy`, ...); TLS
///   peers are verified.
/// - Failures without an answer become `GraphLiveError`s naming the host.
/// - libcurl is not linked: it is loaded on the first request (`CurlLibrary`), so a process
///   that never sends one never maps it; without it, requests fail with `.libraryUnavailable`.
/// - A body larger than `maxAnswerBytes` as received, or once decoded (a gzip bomb: 1 MB that
///   inflates to 1 GiB), is not read past the limit: the request fails with `.answerTooLarge`.
public final class CurlTransport: GraphTransport, Sendable {
  /// How long to wait for the whole answer.
  public let timeout: Duration
  /// Sent as `User-Agent` when the request has none.
  public let userAgent: String
  /// The largest body read, as received and once decoded: 64 MiB unless told otherwise
  /// (the REPL's `set max-answer-bytes` changes it for later requests).
  public var maxAnswerBytes: Int {
    get { limit.withLock { $0 } }
    set { limit.withLock { $0 = max(0, newValue) } }
  }
  /// The CA certificates TLS peers are verified against, instead of the system's (a PEM file).
  public let caBundle: String?
  /// Whether proxies named in the environment are ignored (`graph-explorer proxy --record`,
  /// which is itself the `HTTPS_PROXY` of its clients, must not send upstream to itself).
  public let ignoresProxyEnvironment: Bool
  private let pool: TransferPool
  /// Easy handles kept between requests, with their open connections.
  let handles = CurlHandlePool(keep: 16)
  private let limit: Locked<Int>
  /// The libcurl file loaded on the first request: `CurlLibrary.name` (tests name a missing
  /// one to see the error).
  let library: String

  /// The default `maxAnswerBytes`, 64 MiB.
  public static let defaultMaxAnswerBytes = 64 << 20
  /// The default `maxTransfers`: how many requests may be in flight at once.
  public static let defaultMaxTransfers = 256

  /// - Parameters:
  ///   - maxTransfers: how many requests may be in flight at once, each on its own thread;
  ///     later ones wait for one to end.
  ///   - caBundle: a PEM file of the CA certificates to verify TLS peers against; `nil`: the
  ///     system's.
  ///   - ignoresProxyEnvironment: connect directly whatever `https_proxy` and the like say.
  public convenience init(
    timeout: Duration = .seconds(60), userAgent: String = "graph-explorer",
    maxAnswerBytes: Int = CurlTransport.defaultMaxAnswerBytes,
    maxTransfers: Int = CurlTransport.defaultMaxTransfers,
    caBundle: String? = nil, ignoresProxyEnvironment: Bool = false
  ) {
    self.init(
      timeout: timeout, userAgent: userAgent, maxAnswerBytes: maxAnswerBytes,
      maxTransfers: maxTransfers, caBundle: caBundle,
      ignoresProxyEnvironment: ignoresProxyEnvironment, library: CurlLibrary.name)
  }

  /// The public initializer's, with the libcurl file to load.
  init(
    timeout: Duration, userAgent: String, maxAnswerBytes: Int, maxTransfers: Int,
    caBundle: String?, ignoresProxyEnvironment: Bool, library: String
  ) {
    self.library = library
    self.caBundle = caBundle
    self.ignoresProxyEnvironment = ignoresProxyEnvironment
    self.timeout = timeout
    self.userAgent = userAgent
    limit = Locked(max(0, maxAnswerBytes))
    pool = TransferPool(limit: max(1, maxTransfers))
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let parts = URLParts(request.url), parts.scheme == "http" || parts.scheme == "https",
      !parts.host.isEmpty
    else { throw GraphLiveError.invalidURL(request.url) }
    var request = request
    request.url = Self.escapedURL(request.url)
    if request.headers["User-Agent"] == nil { request.headers["User-Agent"] = userAgent }
    if request.headers["Accept-Encoding"] == nil {
      request.headers["Accept-Encoding"] = "gzip, deflate"
    }
    let limit = maxAnswerBytes
    let transfer = CurlTransfer(
      request: request, parts: parts, timeout: timeout, limit: limit, handles: handles,
      caBundle: caBundle, ignoresProxyEnvironment: ignoresProxyEnvironment, library: library)
    let pool = self.pool
    // The answer is decoded on the transfer's thread too: a caller on a server's I/O thread
    // (`serve --record`) never inflates a large answer there.
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPResponse, any Error>, Never>) in
        pool.run {
          continuation.resume(
            returning: Result { () throws(any Error) -> HTTPResponse in
              switch transfer.perform() {
              case .cancelled: throw CancellationError()
              case .failed(let error): throw error
              case .answer(let status, let headers, let body, let duration):
                return try Self.decoded(
                  status: status, headers: headers, body: body, duration: duration, parts: parts,
                  limit: limit)
              }
            })
        }
      }
    } onCancel: {
      transfer.cancel()
    }
    return try outcome.get()
  }

  /// `url` with the bytes URLs may not hold (spaces, braces, `|`, non-ASCII, ...)
  /// percent-encoded, as Foundation's `URL` writes them; libcurl sends the rest as it is.
  static func escapedURL(_ url: String) -> String {
    let unsafe = Set("\"<>\\^`{|} ".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(url.utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in url.utf8 {
      if byte < 0x21 || byte > 0x7E || unsafe.contains(byte) {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
