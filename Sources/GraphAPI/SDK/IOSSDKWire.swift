import GraphJSON

/// The bytes the Facebook iOS SDK 3.x puts on the wire for an `FBRequestConnection`, rebuilt
/// from its source (facebook-ios-sdk, tags sdk-version-3.1.0 and sdk-version-3.24.4). Each rule
/// names the file and method it comes from; docs/emulator.md lists them with line numbers.
///
/// - One request: its URL carries every text parameter plus `format=json&sdk=ios` and the
///   token (`urlStringForSingleRequest:forBatch:`, `FBRequest serializeURL:params:httpMethod:`);
///   a POST repeats the text parameters as form parts, then the attachments, then the graph
///   object's fields (`requestWithBatch:timeout:`, `appendAttachments:toBody:addFormData:`).
/// - Several requests: a POST to the Graph root with `batch_app_id`, `batch` (JSON) and the
///   attachments as `file0`, `file1`, ... (`appendJSONRequests:`, `addRequest:toBatch:`).
/// - Every request, GET and DELETE included, has `Content-Type: multipart/form-data;
///   boundary=3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f` and `User-Agent: FBiOSSDK.<version>`;
///   the body starts `--B\r\n`, ends every part with `\r\n--B\r\n` and is never closed with
///   `--B--` (FBRequestBody.m).
public struct IOSSDKWire: Sendable, Hashable {
  /// The SDK releases whose wire form differs.
  public enum Release: String, Sendable, Hashable, CaseIterable {
    /// 3.0-3.13: unversioned URLs, PNG images, token extension by the REST
    /// `auth.extendSSOAccessToken` piggyback.
    case v3_1 = "3.1.0"
    /// 3.14-3.24: URLs versioned with FB_IOS_SDK_TARGET_PLATFORM_VERSION (v2.2 in 3.24.4),
    /// JPEG images, token extension by `oauth/access_token?grant_type=fb_extend_sso_token`.
    case v3_24 = "3.24.4"
  }

  public var release: Release
  /// Where `graph.`, `api.` and `graph-video.` point (`https://` + prefix + `facebook.com`).
  public var domain: String

  public init(_ release: Release, domain: String = "facebook.com") {
    self.release = release
    self.domain = domain
  }

  /// FBRequestBody.m `kStringBoundary`.
  public static let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"

  /// 3.1's FBSDKVersion.h `FB_IOS_SDK_MIGRATION_BUNDLE` (gone by 3.24).
  public static let migrationBundle = "fbsdk:20120913"

  /// FBRequestConnection.m `userAgent`: `FBiOSSDK.` + FB_IOS_SDK_VERSION_STRING.
  public var userAgent: String { "FBiOSSDK.\(release.rawValue)" }

  /// FacebookSDK.h FB_IOS_SDK_TARGET_PLATFORM_VERSION (3.24.4: `v2.2`); 3.1 has none.
  public var platformVersion: String? { release == .v3_1 ? nil : "v2.2" }

  /// The one HTTP request the connection sends for `requests` (one request, or a batch).
  /// `appID` is the session's app (`batch_app_id`).
  public func connection(_ requests: [IOSSDKRequest], appID: String) -> HTTPRequest {
    var body = SDKRequestBody()
    var http: HTTPRequest
    if requests.count == 1 {
      var request = requests[0]
      let url = urlString(for: &request, forBatch: false)
      http = HTTPRequest(method: request.method.rawValue, url: url)
      body.appendSingle(request, url: url, formData: request.method == .post, imageType: imageType)
    } else {
      var attachments: [(name: String, value: IOSSDKRequest.Value)] = []
      var batch: [JSONValue] = []
      for var request in requests {
        batch.append(.object(batchElement(&request, attachments: &attachments)))
      }
      // 3.1's FBSBJSON writes `/` as it is; 3.24's NSJSONSerialization (FBUtility.m
      // `simpleJSONEncode:`) writes it as `\/`.
      let json = JSONValue.array(batch).compactText
      body.appendBatch(
        appID: appID, json: release == .v3_1 ? json : Self.slashEscaped(json),
        attachments: attachments, imageType: imageType)
      let version = platformVersion.map { "/" + $0 } ?? ""
      http = HTTPRequest(.post, url: "https://graph.\(domain)\(version)")
    }
    http.body = body.bytes
    http.headers["User-Agent"] = userAgent
    http.headers["Content-Type"] = "multipart/form-data; boundary=\(Self.boundary)"
    return http
  }

  /// `urlStringForSingleRequest:forBatch:`: adds `format=json`, `sdk=ios` and the token, then
  /// serialises every parameter that is not an attachment into the query.
  func urlString(for request: inout IOSSDKRequest, forBatch: Bool) -> String {
    // 3.1: every FBRequest starts with `migration_bundle` (FBRequest.m
    // `initWithSession:graphPath:parameters:HTTPMethod:`); the app's own value wins.
    if release == .v3_1, !request.parameters.contains(where: { $0.name == "migration_bundle" }) {
      request.parameters.insert(("migration_bundle", .string(Self.migrationBundle)), at: 0)
    }
    request.set("format", .string("json"))
    request.set("sdk", .string("ios"))
    if let token = request.accessToken { request.set("access_token", .string(token)) }
    let version = (request.versionPart ?? platformVersion).map { "/" + $0 } ?? ""
    let base: String
    switch request.target {
    case .rest(let method):
      // 3.1: kRestBaseURL; 3.24: buildFacebookUrlWithPre:@"https://api." post:@"/method/".
      base = forBatch ? "method/" + method : "https://api.\(domain)\(version)/method/" + method
    case .graph(let path):
      // 3.24 sends a two-component `ID/videos` POST to graph-video (non-batch only).
      var host = "graph"
      if release == .v3_24, request.method == .post, path.lowercased().hasSuffix("/videos"),
        path.split(separator: "/", omittingEmptySubsequences: false).count == 2
      {
        host = "graph-video"
      }
      base = forBatch ? path : "https://\(host).\(domain)\(version)/" + path
    }
    // 3.1 asks `[NSURL URLWithString:base].query`, which is nil for a base with characters a
    // URL may not hold (`{`, `}`, `|`, a space): such a base gets `?` even when it has one.
    // 3.24 escapes the base first (FBRequest.m serializeURL:params:httpMethod:).
    let hasQuery =
      base.contains("?")
      && (release == .v3_24 || !base.unicodeScalars.contains { Self.illegalInURL($0) })
    return Self.serializeURL(base, request.parameters, hasQuery: hasQuery)
  }

  static func illegalInURL(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII || scalar.value <= 32 || "{}|\\^`<>\"".unicodeScalars.contains(scalar)
  }

  /// `FBRequest serializeURL:params:httpMethod:`: `?` or `&`, then `key=escaped` for every
  /// text parameter (attachments skipped).
  static func serializeURL(
    _ base: String, _ parameters: [(name: String, value: IOSSDKRequest.Value)],
    hasQuery: Bool? = nil
  ) -> String {
    let prefix = (hasQuery ?? base.contains("?")) ? "&" : "?"
    let pairs = parameters.compactMap { parameter -> String? in
      guard case .string(let text) = parameter.value else { return nil }
      return parameter.name + "=" + percentEscaped(text)
    }
    return base + prefix + pairs.joined(separator: "&")
  }

  /// FBUtility.m `stringByURLEncodingString:` (CFURLCreateStringByAddingPercentEscapes with
  /// `:!*();@/&?#[]+$,='%’"` escaped as well): only letters, digits and `-._~` stay as they are.
  public static func percentEscaped(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + hexDigits(byte, uppercase: true)
      }
    }
    return out
  }

  /// JSON text with every `/` written `\/`, as NSJSONSerialization and org.json write it
  /// (a `/` only ever stands inside a string).
  static func slashEscaped(_ json: String) -> String {
    json.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "\\/")
  }

  /// `byte` as two hexadecimal digits.
  static func hexDigits(_ byte: UInt8, uppercase: Bool) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
  }

  /// `addRequest:toBatch:attachments:`: `relative_url`, `method`, the entry's own keys, the
  /// attachments named `file<count>` in `attached_files`, the graph object as `body`.
  func batchElement(
    _ request: inout IOSSDKRequest, attachments: inout [(name: String, value: IOSSDKRequest.Value)]
  ) -> JSONObject {
    var element = JSONObject()
    for (name, value) in request.batchParameters { element.append(name, value) }
    let url = urlString(for: &request, forBatch: true)
    element.append("relative_url", .string(url))
    element.append("method", .string(request.method.rawValue))
    var names: [String] = []
    for (_, value) in request.parameters where value.isAttachment {
      let name = "file\(attachments.count)"
      names.append(name)
      attachments.append((name, value))
    }
    if let object = request.graphObject {
      let fields = Self.graphObjectFields(object, path: url)
      let text = fields.map { $0.key + "=" + Self.percentEscaped($0.value) }
      element.append("body", .string(text.joined(separator: "&")))
    }
    if !names.isEmpty { element.append("attached_files", .string(names.joined(separator: ","))) }
    return element
  }

  /// FBRequestBody.m `appendWithKey:imageValue:`: `image/png` in 3.1, `image/jpeg` from 3.2.
  var imageType: String { release == .v3_1 ? "image/png" : "image/jpeg" }
}
