import Foundation
import GraphAPI
import GraphGzip

extension CurlTransport {
  /// The answer as readers use it: a gzip or deflate body inflated (never past `limit`), its
  /// `Content-Encoding` dropped and `Content-Length` the decoded size, what was received kept in
  /// `received`. Other encodings (`br`, only sent when the request asked for them) stay as
  /// they came.
  static func decoded(
    status: Int, headers: HTTPHeaders, body: [UInt8], duration: Duration, parts: URLParts,
    limit: Int
  ) throws(GraphLiveError) -> HTTPResponse {
    var headers = headers
    headers.fields.sort { $0.name.lowercased() < $1.name.lowercased() }
    var response = HTTPResponse(status: status, headers: headers, body: body, duration: duration)
    guard let encoding = headers["Content-Encoding"], !body.isEmpty else { return response }
    let name = encoding.trimmingCharacters(in: .whitespaces).lowercased()
    let decoded: [UInt8]
    do throws(Gzip.Failure) {
      switch name {
      case "gzip", "x-gzip": decoded = try Gzip.decompress(body, limit: limit)
      case "deflate": decoded = try Gzip.inflateDeflateEncoding(body, limit: limit)
      default: return response
      }
    } catch .tooLarge {
      throw .answerTooLarge(host: parts.host, limit: limit)
    } catch {
      throw .network(
        host: parts.host, reason: "the answer's Content-Encoding \(name) does not decode: \(error)")
    }
    response.headers["Content-Encoding"] = nil
    response.headers["Content-Length"] = String(decoded.count)
    response.body = decoded
    response.received = ReceivedBody(encoding: encoding, bytes: body)
    return response
  }
}
