import GraphAPI
import GraphJSON

/// Turns an `Outcome` into the HTTP answer with Graph's header set (reference,
/// "Response headers seen on real answers").
struct ResponseFactory {
  var version: GraphVersion
  var traceID: String
  var appUsage: Int
  var suppressHTTPCode: Bool

  func response(_ outcome: Outcome) -> HTTPResponse {
    switch outcome {
    case .json(let value):
      return make(status: 200, body: JSONPrinter(options: []).bytes(value), challenge: nil)
    case .written(let body):
      return make(status: 200, body: body, challenge: nil)
    case .bareTrue:
      return make(status: 200, body: Array("true".utf8), challenge: nil)
    case .redirect(let url):
      var response = make(status: 302, body: [], challenge: nil)
      response.headers["Location"] = url
      return response
    case .document(let contentType, let body):
      var response = make(status: 200, body: body, challenge: nil, contentType: contentType)
      // A page is for the person at the browser, not for other sites' scripts to read.
      if contentType.lowercased().hasPrefix("text/html") {
        response.headers["Access-Control-Allow-Origin"] = nil
      }
      for (name, value) in DocumentPolicy.headers(contentType: contentType) {
        response.headers.add(name, value)
      }
      return response
    case .failure(let error):
      let body = JSONPrinter(options: []).bytes(error.body(traceID: traceID))
      let challenge = error.challenge.map {
        "OAuth \"Facebook Platform\" \"\($0)\" \"\(error.message)\""
      }
      return make(status: error.status, body: body, challenge: challenge)
    }
  }

  private func make(
    status: Int, body: [UInt8], challenge: String?,
    contentType: String = "application/json; charset=UTF-8"
  ) -> HTTPResponse {
    typealias Field = HTTPHeaders.Field
    var fields: [Field] = []
    fields.reserveCapacity(11)
    fields.append(Field(name: "Access-Control-Allow-Origin", value: "*"))
    fields.append(
      Field(name: "Cache-Control", value: "private, no-cache, no-store, must-revalidate"))
    fields.append(Field(name: "Content-Type", value: contentType))
    fields.append(Field(name: "Expires", value: "Sat, 01 Jan 2000 00:00:00 GMT"))
    fields.append(Field(name: "Pragma", value: "no-cache"))
    if let challenge { fields.append(Field(name: "WWW-Authenticate", value: challenge)) }
    fields.append(Field(name: "facebook-api-version", value: version.description))
    fields.append(Field(name: "x-fb-rev", value: "1485203"))
    fields.append(Field(name: "x-fb-trace-id", value: traceID))
    fields.append(
      Field(
        name: "x-app-usage",
        value: appUsage == 0
          ? Self.noAppUsage
          : "{\"call_count\":\(appUsage),\"total_cputime\":\(appUsage / 2),"
            + "\"total_time\":\(appUsage / 2)}"))
    let final = suppressHTTPCode ? 200 : status
    return HTTPResponse(status: final, headers: HTTPHeaders(fields), body: body)
  }

  /// `x-app-usage` with no throttle set.
  private static let noAppUsage = #"{"call_count":0,"total_cputime":0,"total_time":0}"#

  /// A deterministic 11-character trace id for request number `sequence`.
  static func traceID(sequence: Int) -> String {
    var x = UInt64(truncatingIfNeeded: sequence) &+ 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    x ^= x >> 31
    return String(unsafeUninitializedCapacity: 11) { out in
      for count in 1...11 {
        out[count - 1] = traceAlphabet[Int(x % 62)]
        x /= 62
        if x == 0 { x = 0x2545_F491_4F6C_DD1D &+ UInt64(count) }
      }
      return 11
    }
  }

  private static let traceAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
}
