import Foundation
import GraphAPI
import GraphGzip
import GraphJSON

/// Large answers (1 MiB or more decoded) that came compressed are stored as received: the
/// `Content-Encoding` header back in place, `Content-Length` the received size (when the answer
/// had one), and the body `{"gzip": "<base64>"}` or `{"deflate": "<base64>"}` of exactly the
/// bytes the server sent. Smaller ones are stored decoded, in their readable forms (`json`,
/// `text`), as a person reading or diffing the cassette wants them: Graph compresses almost
/// every answer, and a cassette of base64 would be unreadable.
/// Reading such a response inflates the body (within the limits of `decode`), drops
/// `Content-Encoding` and keeps the stored bytes as `HTTPResponse.received`, so it replays
/// decoded, as it was answered, and is written back byte for byte.
extension BodyCodec {
  /// The stored form's key for a `Content-Encoding`, nil for encodings not inflated here.
  static func form(forEncoding encoding: String) -> String? {
    switch encoding.trimmingCharacters(in: .whitespaces).lowercased() {
    case "gzip", "x-gzip": return "gzip"
    case "deflate": return "deflate"
    default: return nil
    }
  }

  /// The headers and body a response is stored with.
  static func encodeResponse(_ response: HTTPResponse) -> (headers: HTTPHeaders, body: JSONValue?) {
    guard let received = response.received, !received.bytes.isEmpty,
      (compressedFrom...maxInflatedBytes).contains(response.body.count),
      let form = form(forEncoding: received.encoding)
    else {
      // A body kept as it came with a gzip or deflate `Content-Encoding` (an imported HAR or
      // VCR answer) is never stored `{"gzip": ...}`: that form with that header means "as
      // received" on reading.
      let labelled = response.headers["Content-Encoding"].flatMap(form(forEncoding:)) != nil
      let type = response.headers["Content-Type"]
      return (
        response.headers,
        labelled
          ? encode(response.body, contentType: type)
          : encodeResponse(response.body, contentType: type)
      )
    }
    var headers = response.headers
    headers["Content-Encoding"] = received.encoding
    if headers["Content-Length"] != nil {
      headers["Content-Length"] = String(received.bytes.count)
    }
    headers.fields.sort { $0.name.lowercased() < $1.name.lowercased() }
    return (headers, [form: .string(Data(received.bytes).base64EncodedString())])
  }

  /// As `encodeResponse(_:)`, except that a body stored `{"json": ...}` holds `marker` (a
  /// string) in place of its value, and its parsed document is given back beside it: a printer
  /// writes the value from the document in the marker's place, with no tree of it made
  /// (recording an answer, issue 48). Printed so, the bytes are those of `encodeResponse(_:)`.
  static func encodeResponse(_ response: HTTPResponse, jsonMarker marker: String)
    -> (headers: HTTPHeaders, body: JSONValue?, json: JSONDocument?)
  {
    // The other forms' cases (a body as received, a compressed one, a form) as `encodeResponse`.
    let body = response.body
    if response.received == nil, !body.isEmpty, body.count < compressedFrom,
      response.headers["Content-Type"].map({ !$0.lowercased().hasPrefix("multipart/form-data") })
        ?? true,
      let json = json(body)
    {
      return (response.headers, jsonForm(.string(marker), layout: json.layout), json.document)
    }
    let stored = encodeResponse(response)
    return (stored.headers, stored.body, nil)
  }

  /// A stored response's headers, body (decoded) and the bytes as received, when stored so.
  static func decodeResponse(
    _ value: JSONValue?, headers: HTTPHeaders, reader: FieldReader, field: String
  ) throws(CassetteError) -> (headers: HTTPHeaders, body: [UInt8], received: ReceivedBody?) {
    let body = try decode(value, reader: reader, field: field)
    guard let encoding = headers["Content-Encoding"], let form = form(forEncoding: encoding),
      let value, case .object(let object) = value, let stored = object[form]
    else { return (headers, body, nil) }
    let name = field + "." + form
    let bytes = try reader.base64(reader.string(stored, name), name)
    var plain = headers
    plain["Content-Encoding"] = nil
    if plain["Content-Length"] != nil { plain["Content-Length"] = String(body.count) }
    return (plain, body, ReceivedBody(encoding: encoding, bytes: bytes))
  }

  /// The bytes of a `{"gzip": ...}` or `{"deflate": ...}` body, never past `maxInflatedBytes`
  /// nor the cassette's budget.
  static func inflate(_ stored: JSONValue, form: String, reader: FieldReader, field: String)
    throws(CassetteError) -> [UInt8]
  {
    let name = field + "." + form
    let compressed = try reader.base64(reader.string(stored, name), name)
    let limit = min(maxInflatedBytes, reader.inflateBudget?.left ?? maxInflatedBytes)
    do throws(Gzip.Failure) {
      let bytes =
        form == "gzip"
        ? try Gzip.decompress(compressed, limit: limit)
        : try Gzip.inflateDeflateEncoding(compressed, limit: limit)
      reader.inflateBudget?.spend(bytes.count)
      return bytes
    } catch .tooLarge where limit < maxInflatedBytes {
      throw reader.error(
        name,
        "the cassette's compressed bodies inflate to more than "
          + "\(ByteCount.text(reader.inflateBudget?.total ?? 0)) together (the limit on inflated bodies)"
      )
    } catch {
      throw reader.error(name, error.description)
    }
  }
}
