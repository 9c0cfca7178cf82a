import CCurl
import GraphAPI

/// libcurl easy handles kept between transfers, so a request reuses the connection (and the
/// TLS session and DNS answer) an earlier one left open: one TLS handshake to
/// graph.facebook.com per session instead of one per request.
///
/// A handle is used by one transfer (one thread) at a time: taken, reset after use
/// (`curl_easy_reset` keeps its live connections and caches, clears every option), then given
/// back. libcurl's share interface is not used for connections: sharing one connection cache
/// between threads is not supported (see CURLSHOPT_SHARE, `CURL_LOCK_DATA_CONNECT`).
/// At most `keep` idle handles stay; the rest are cleaned up, closing their connections.
final class CurlHandlePool: Sendable {
  private let keep: Int
  private let idle = Locked<[Idle]>([])

  /// An idle handle. `@unchecked Sendable`: a C pointer is not Sendable, and a handle is only
  /// ever used by one thread at a time (the pool's, then one transfer's).
  private struct Idle: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
  }

  init(keep: Int) { self.keep = max(0, keep) }

  deinit {
    idle.withLock { idle in
      for idle in idle { ge_curl_easy_cleanup(idle.handle) }
    }
  }

  /// An idle handle, the most recently used first (its connection is the likeliest to be
  /// alive), or a new one; nil when libcurl cannot make one.
  func take() -> UnsafeMutableRawPointer? {
    if let idle = idle.withLock({ $0.popLast() }) { return idle.handle }
    return ge_curl_easy_init()
  }

  /// Gives back a handle whose transfer has ended.
  func give(_ handle: UnsafeMutableRawPointer) {
    ge_curl_easy_reset(handle)
    let kept = idle.withLock { idle -> Bool in
      guard idle.count < keep else { return false }
      idle.append(Idle(handle: handle))
      return true
    }
    if !kept { ge_curl_easy_cleanup(handle) }
  }

  /// How many handles are idle (tests).
  var idleCount: Int { idle.withLock { $0.count } }
}
