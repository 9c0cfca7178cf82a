import GraphAPI
import GraphGzip

extension HTTPResponse {
  /// The largest body a stored `gzip` or `deflate` answer is inflated to (256 MiB).
  package static let decodedBodyLimit = 256 << 20

  /// The body as the server meant it: inflated when it is kept as it came with a `gzip` or
  /// `deflate` `Content-Encoding` (an imported recording: Ruby VCR, vcrpy and HAR keep what
  /// the wire carried), else as stored. A body that does not inflate is given as stored.
  package var decodedBody: [UInt8] {
    switch headers["Content-Encoding"]?.lowercased() {
    case "gzip"?, "x-gzip"?:
      guard Gzip.looksCompressed(body),
        let inflated = try? Gzip.decompress(body, limit: Self.decodedBodyLimit)
      else { return body }
      return inflated
    case "deflate"?:
      return (try? Gzip.inflateDeflateEncoding(body, limit: Self.decodedBodyLimit)) ?? body
    default:
      return body
    }
  }
}
