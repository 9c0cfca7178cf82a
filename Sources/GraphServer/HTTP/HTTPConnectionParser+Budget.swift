extension HTTPConnectionParser {
  /// The body bytes the request being read holds or has declared: a `Content-Length` body
  /// counts whole from its head on, a chunked one as far as it has arrived. 0 between requests
  /// and while the head is read.
  package var bodyBytesClaimed: Int {
    switch phase {
    case .fixedBody: body.count + remaining
    case .chunkSize, .chunkData, .chunkDataEnd, .trailers: body.count + buffer.count - start
    case .head, .failed, .closed: 0
    }
  }
}
