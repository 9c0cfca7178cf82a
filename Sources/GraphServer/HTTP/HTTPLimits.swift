/// Size limits on what a client may send; past them the request is refused.
public struct HTTPLimits: Sendable, Hashable {
  /// The longest request line (method, target, version); longer ones are answered 414.
  public var maxRequestLineBytes: Int
  /// The largest header section after the request line (and the largest chunked trailer
  /// section); larger ones are answered 431.
  public var maxHeaderBytes: Int
  /// The most header fields in one request; more are answered 431.
  public var maxHeaderCount: Int
  /// The largest request body, declared or chunked; larger ones are answered 413.
  public var maxBodyBytes: Int

  public init(
    maxRequestLineBytes: Int = 16 * 1024, maxHeaderBytes: Int = 32 * 1024,
    maxHeaderCount: Int = 128, maxBodyBytes: Int = 32 * 1024 * 1024
  ) {
    self.maxRequestLineBytes = maxRequestLineBytes
    self.maxHeaderBytes = maxHeaderBytes
    self.maxHeaderCount = maxHeaderCount
    self.maxBodyBytes = maxBodyBytes
  }
}
