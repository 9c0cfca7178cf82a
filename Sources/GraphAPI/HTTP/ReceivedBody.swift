/// An answer's body as it came over the network when it came compressed: the bytes with
/// their `Content-Encoding` (`gzip`, `deflate`). The `HTTPResponse` carrying it holds the
/// decoded body and headers without `Content-Encoding`, so every reader sees the decoded
/// answer; a cassette stores these bytes, exactly as the server sent them.
public struct ReceivedBody: Sendable, Hashable {
  /// The `Content-Encoding` value the server sent, as it sent it.
  public var encoding: String
  /// The body's bytes before decoding.
  public var bytes: [UInt8]

  public init(encoding: String, bytes: [UInt8]) {
    self.encoding = encoding
    self.bytes = bytes
  }
}
