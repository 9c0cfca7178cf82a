import CCurl
import Foundation

/// libcurl easy handles kept between transfers, so a request reuses the connection (and the
/// TLS session and DNS answer) an earlier one left open: one TLS handshake to
/// graph.facebook.com per session instead of one per request.
///
/// A handle is used by one transfer (one thread) at a time: taken, reset after use
/// (`curl_easy_reset` keeps its live connections and caches, clears every option), then given
/// back. libcurl's share interface is not used for connections: sharing one connection cache
/// between threads is not supported (see CURLSHOPT_SHARE, `CURL_LOCK_DATA_CONNECT`).
/// At most `keep` idle handles stay; the rest are cleaned up, closing their connections.
final class CurlHandlePool: @unchecked Sendable {
  private let keep: Int
  private let lock = NSLock()
  private var idle: [UnsafeMutableRawPointer] = []

  init(keep: Int) { self.keep = max(0, keep) }

  deinit {
    for handle in idle { curl_easy_cleanup(handle) }
  }

  /// An idle handle, the most recently used first (its connection is the likeliest to be
  /// alive), or a new one; nil when libcurl cannot make one.
  func take() -> UnsafeMutableRawPointer? {
    if let handle = lock.withLock({ idle.popLast() }) { return handle }
    return curl_easy_init()
  }

  /// Gives back a handle whose transfer has ended.
  func give(_ handle: UnsafeMutableRawPointer) {
    curl_easy_reset(handle)
    let kept = lock.withLock { () -> Bool in
      guard idle.count < keep else { return false }
      idle.append(handle)
      return true
    }
    if !kept { curl_easy_cleanup(handle) }
  }

  /// How many handles are idle (tests).
  var idleCount: Int { lock.withLock { idle.count } }
}
