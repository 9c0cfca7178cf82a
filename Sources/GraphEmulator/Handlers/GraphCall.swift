import GraphAPI
import GraphJSON

/// One Graph call taken apart: method (after `method=` override), where it came from,
/// version, path, parameters (query and form body merged), token and uploaded files.
struct GraphCall: Sendable {
  /// The method as sent (after a `method=` override), for messages: `GET`, or `PUT`.
  var method: String
  /// The method, when it is one Graph answers.
  var verb: GraphMethod? { GraphMethod(rawValue: method) }
  /// `scheme://host[:port]` of the request, reused for paging URLs.
  var origin: String
  /// The version written in the path, if any.
  var explicitVersion: GraphVersion?
  /// The version that serves the call.
  var version: GraphVersion
  /// Decoded path components after the version.
  var path: [String]
  var params: QueryItems { didSet { table = CallParameter.Table(params) } }
  /// Where the parameters reads ask (`CallParameter`) are in `params`.
  private var table: CallParameter.Table
  var token: String?
  /// Uploaded files by form part name.
  var files: [String: UploadedFile] = [:]
  /// A path version Graph never had (answered before anything else).
  var versionError: GraphError?
  /// A body that could not be read (answered as error 100 before anything else).
  var bodyError: GraphError?
  /// The request's `Origin` header: the page a browser sent it from.
  var originHeader: String?

  /// `/v2.2` or empty, as paging URLs repeat it.
  var versionPrefix: String { explicitVersion.map { "/\($0)" } ?? "" }

  /// Takes an HTTP request apart. A URL that is not absolute is read as a path on
  /// `https://graph.facebook.com`.
  init(request: HTTPRequest, defaultVersion: GraphVersion) {
    let target = CallTarget(request.url) ?? Self.target(parts: request.url)
    origin = target.origin
    originHeader = request.headers["Origin"]
    var components = target.pathComponents
    if let first = components.first, let version = GraphVersion(first) {
      explicitVersion = version
      components.removeFirst()
    } else if let first = components.first, GraphVersion(shape: first) != nil {
      explicitVersion = nil
      versionError = .unknownVersion(first)
      components.removeFirst()
    } else {
      explicitVersion = nil
    }
    version = explicitVersion ?? defaultVersion
    path = components
    var params = target.queryItems
    let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
    if contentType.hasPrefix("multipart/form-data") {
      do {
        let form = try MultipartFormData(
          parsing: request.body, contentType: request.headers["Content-Type"] ?? "")
        params.items += form.parameters.items
        for upload in form.uploads {
          files[upload.name] = UploadedFile(
            filename: upload.filename, contentType: upload.contentType, bytes: upload.bytes)
        }
      } catch {
        bodyError = .parameter("Invalid multipart/form-data body: \(error)")
      }
    } else if contentType.hasPrefix("application/json") {
      switch Self.jsonParameters(request.body) {
      case .success(let items): params.items += items.items
      case .failure(let error): bodyError = error
      }
    } else if contentType.hasPrefix("application/x-www-form-urlencoded")
      || (contentType.isEmpty && !request.body.isEmpty)
    {
      params.items += QueryItems(parsing: String(decoding: request.body, as: UTF8.self)).items
    }
    self.params = params
    table = CallParameter.Table(params)
    method = request.method.uppercased()
    if let override = table.value(.method, in: params)?.uppercased(),
      GraphMethod(rawValue: override) != nil
    {
      method = override
    }
    token = table.value(.accessToken, in: params)
    if token == nil, let authorization = request.headers["Authorization"] {
      for prefix in ["OAuth ", "Bearer "] where authorization.hasPrefix(prefix) {
        token = String(authorization.dropFirst(prefix.count))
      }
    }
  }

  /// A URL `CallTarget` does not read, read by `URLParts`; one that is not absolute is read
  /// as a path on `https://graph.facebook.com`.
  private static func target(parts url: String) -> CallTarget {
    let parts =
      URLParts(url)
      ?? URLParts("https://graph.facebook.com" + (url.hasPrefix("/") ? "" : "/") + url)
      ?? URLParts(scheme: "https", host: "graph.facebook.com")
    return CallTarget(
      origin: parts.origin, pathComponents: parts.pathComponents, queryItems: parts.queryItems)
  }

  /// A parameter's value.
  subscript(_ name: String) -> String? { params[name] }

  /// A parameter's value, asked by its fixed key.
  subscript(_ key: CallParameter) -> String? { table.value(key, in: params) }

  /// The values of `name[0]`, `name[1]`, ...: how the iOS SDK 3.x sends an array of a graph
  /// object (FBRequestConnection.m `processGraphObjectPropertyKey:value:action:passByValue:`).
  func indexed(_ name: String) -> [String] {
    var values: [String] = []
    while let value = params["\(name)[\(values.count)]"] { values.append(value) }
    return values
  }

  /// The uploaded file of a photo or video: `source`, else the file part of any other name
  /// (the iOS SDK 3.x's `requestForUploadPhoto:` names it `picture`, FBRequest.m; Graph took
  /// the file whatever its part was called). Several unnamed files: the first by name.
  var upload: UploadedFile? {
    files["source"] ?? files["picture"] ?? files.min { $0.key < $1.key }?.value
  }

  /// Whether a flag parameter is on (`1`, `true`).
  func flag(_ name: String) -> Bool { Self.isOn(params[name]) }

  /// Whether a flag parameter is on, asked by its fixed key.
  func flag(_ key: CallParameter) -> Bool { Self.isOn(self[key]) }

  private static func isOn(_ value: String?) -> Bool {
    guard let value = value?.lowercased() else { return false }
    return value == "1" || value == "true"
  }
}

/// A file part of a multipart upload.
struct UploadedFile: Sendable, Hashable {
  var filename: String?
  var contentType: String?
  var bytes: [UInt8]
}

/// What a handler answers before it becomes HTTP.
enum Outcome: Sendable {
  case json(JSONValue)
  /// A JSON body already written (`AnswerWriter`): answered as `json` is.
  case written([UInt8])
  /// A bare `true` (DELETE up to v2.0).
  case bareTrue
  /// A 302 to `url` (`/picture`).
  case redirect(String)
  /// A body that is not JSON (an HTML dialog page, form-encoded token text, image bytes).
  case document(contentType: String, body: [UInt8])
  case failure(GraphError)

  /// Whether this is a JSON success (a value or written bytes).
  var isJSON: Bool {
    switch self {
    case .json, .written: return true
    case .bareTrue, .redirect, .document, .failure: return false
    }
  }
}
