import GraphJSON

/// The bytes the Facebook Android SDK 3.x (facebook-android-sdk, `facebook/src/com/facebook/`
/// Request.java) sends for a `RequestBatch`, rebuilt from its source at tags
/// `sdk-version-3.0.1` and `sdk-version-3.22.0`, where they differ from the iOS SDK's:
///
/// - `sdk=android` (not `ios`), added after the token (`addCommonParameters`); 3.0 starts
///   every request with `migration_bundle=fbsdk:20121026` (FacebookSdkVersion.java).
/// - The query is built by `Uri.Builder.appendQueryParameter`, which leaves letters, digits
///   and `_-!.~'()*` as they are (the iOS SDK escapes `!'()*` too).
/// - A GET or DELETE has no body at all (HttpURLConnection sends none), still with the
///   multipart `Content-Type`; 3.22 adds `Accept-Language` (the device's locale).
/// - 3.22 versions every path, a batch's `relative_url` included (`v2.2/me?...`;
///   `getGraphPathWithVersion`); 3.0 is unversioned.
/// - A batch's JSON is org.json's, which writes `/` as `\/`; a named entry gets
///   `omit_response_on_success` in 3.22; a graph object's `body` is `URLEncoder`-encoded
///   (a space is `+`).
///
/// The multipart body is framed like the iOS SDK's (`Serializer`: `--B\r\n` first, every part
/// ended by `\r\n--B\r\n`, never closed with `--B--`); an image is a PNG part. 3.23 and later
/// send bodies without attachments as gzip-compressed `application/x-www-form-urlencoded`,
/// which this type does not build.
public struct AndroidSDKWire: Sendable, Hashable {
  /// The Android releases modelled: the first 3.x and the last whose bodies are multipart.
  public enum Release: String, Sendable, Hashable, CaseIterable {
    /// 3.0.x: unversioned, `migration_bundle` (FacebookSdkVersion.BUILD is `3.0.0` in 3.0.1).
    case v3_0 = "3.0.0"
    /// 3.14-3.22: versioned with ServerProtocol.GRAPH_API_VERSION (`v2.2` in 3.22.0).
    case v3_22 = "3.22.0"
  }

  public var release: Release
  /// The device locale sent as `Accept-Language` by 3.22 (`Locale.getDefault().toString()`).
  public var locale: String

  public init(_ release: Release, locale: String = "en_US") {
    self.release = release
    self.locale = locale
  }

  /// Request.java `getUserAgent`: `FBAndroidSDK.` + FacebookSdkVersion.BUILD.
  public var userAgent: String { "FBAndroidSDK.\(release.rawValue)" }

  /// 3.0.1's FacebookSdkVersion.MIGRATION_BUNDLE.
  public static let migrationBundle = "fbsdk:20121026"

  /// The one HTTP request of `requests` (one request, or a batch for the app `appID`).
  public func connection(_ requests: [IOSSDKRequest], appID: String) -> HTTPRequest {
    var body = SDKRequestBody()
    var http: HTTPRequest
    if requests.count == 1 {
      var request = requests[0]
      let url = urlString(for: &request, forBatch: false)
      http = HTTPRequest(method: request.method.rawValue, url: url)
      // HttpURLConnection sends no body but for a POST (`serializeToUrlConnection`); a
      // `Bitmap` is a PNG part.
      if request.method == .post {
        body.appendSingle(request, url: url, formData: true, imageType: "image/png")
      }
    } else {
      var attachments: [(name: String, value: IOSSDKRequest.Value)] = []
      var batch: [JSONValue] = []
      for var request in requests {
        batch.append(.object(batchEntry(&request, attachments: &attachments)))
      }
      // org.json's JSONArray.toString escapes `/` as `\/`.
      let json = IOSSDKWire.slashEscaped(JSONValue.array(batch).compactText)
      body.appendBatch(appID: appID, json: json, attachments: attachments, imageType: "image/png")
      http = HTTPRequest(.post, url: "https://graph.facebook.com")
    }
    http.body = body.bytes
    http.headers["User-Agent"] = userAgent
    if release == .v3_22 { http.headers["Accept-Language"] = locale }
    http.headers["Content-Type"] = "multipart/form-data; boundary=\(IOSSDKWire.boundary)"
    return http
  }

  /// `getUrlForSingleRequest` / `getUrlForBatchedRequest` with `addCommonParameters` and
  /// `appendParametersToBaseUrl`.
  func urlString(for request: inout IOSSDKRequest, forBatch: Bool) -> String {
    if release == .v3_0, !request.parameters.contains(where: { $0.name == "migration_bundle" }) {
      request.parameters.insert(("migration_bundle", .string(Self.migrationBundle)), at: 0)
    }
    if let token = request.accessToken,
      !request.parameters.contains(where: { $0.name == "access_token" })
    {
      request.parameters.append(("access_token", .string(token)))
    }
    request.set("sdk", .string("android"))
    request.set("format", .string("json"))
    let path: String
    switch request.target {
    case .rest(let method):
      path = forBatch ? "method/" + method : "https://api.facebook.com/method/" + method
    case .graph(let graphPath):
      let versioned =
        release == .v3_22 && !Self.hasVersion(graphPath) ? "v2.2/" + graphPath : graphPath
      var host = "graph"
      if request.method == .post, graphPath.hasSuffix("/videos"), release == .v3_22 {
        host = "graph-video"
      }
      path = forBatch ? versioned : "https://\(host).facebook.com/" + versioned
    }
    let pairs = request.parameters.compactMap { parameter -> String? in
      guard case .string(let text) = parameter.value else { return nil }
      return Self.uriEncoded(parameter.name) + "=" + Self.uriEncoded(text)
    }
    return path + "?" + pairs.joined(separator: "&")
  }

  /// Request.java `versionPattern` (`^/?v\d+\.\d+/(.*)`).
  static func hasVersion(_ path: String) -> Bool {
    var rest = Substring(path)
    if rest.first == "/" { rest = rest.dropFirst() }
    guard rest.first == "v", let slash = rest.firstIndex(of: "/") else { return false }
    let parts = rest[rest.index(after: rest.startIndex)..<slash].split(
      separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
  }

  /// android.net.Uri.encode: letters, digits and `_-!.~'()*` as they are, every other UTF-8
  /// byte as `%XX`.
  public static func uriEncoded(_ text: String) -> String {
    encoded(text, keeping: "_-!.~'()*", spaceAsPlus: false)
  }

  /// java.net.URLEncoder.encode(_, "UTF-8"): letters, digits and `.-*_` as they are, a space
  /// as `+`, every other UTF-8 byte as `%XX`.
  public static func formEncoded(_ text: String) -> String {
    encoded(text, keeping: ".-*_", spaceAsPlus: true)
  }

  static func encoded(_ text: String, keeping: String, spaceAsPlus: Bool) -> String {
    let kept = Set(keeping.utf8)
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: " ") where spaceAsPlus:
        out += "+"
      case _ where kept.contains(byte):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + IOSSDKWire.hexDigits(byte, uppercase: true)
      }
    }
    return out
  }

  /// `serializeToBatch`: `name` (and 3.22's `omit_response_on_success`, `true` unless the
  /// entry says otherwise), `relative_url`, `method`, `attached_files`, the graph object as a
  /// `URLEncoder`-encoded `body`.
  func batchEntry(
    _ request: inout IOSSDKRequest, attachments: inout [(name: String, value: IOSSDKRequest.Value)]
  ) -> JSONObject {
    var entry = JSONObject()
    for (name, value) in request.batchParameters { entry.append(name, value) }
    if release == .v3_22, entry["name"] != nil, entry["omit_response_on_success"] == nil {
      entry.append("omit_response_on_success", true)
    }
    let url = urlString(for: &request, forBatch: true)
    entry.append("relative_url", .string(url))
    entry.append("method", .string(request.method.rawValue))
    var names: [String] = []
    for (_, value) in request.parameters where value.isAttachment {
      names.append("file\(attachments.count)")
      attachments.append((names.last ?? "", value))
    }
    if !names.isEmpty { entry.append("attached_files", .string(names.joined(separator: ","))) }
    if let object = request.graphObject {
      let fields = IOSSDKWire.graphObjectFields(object, path: url)
      let text = fields.map { $0.key + "=" + Self.formEncoded($0.value) }
      entry.append("body", .string(text.joined(separator: "&")))
    }
    return entry
  }
}
