import GraphJSON

extension SDKErrorView {
  /// What each request's completion handler gets from the answer to a batch of `count`
  /// requests, as FBRequestConnection reads it (3.24.4 src/Network/FBRequestConnection.m:
  /// `parseJSONResponse:error:statusCode:` :1066, `completeWithResults:orError:` :1306,
  /// `errorFromResult:` :1445, `checkConnectionError:statusCode:parsedJSONResponse:` :1514):
  ///
  /// - One request: the whole answer is its answer (`init(status:body:sdkVersion:)`).
  /// - Several, the answer a JSON array: item N is request N's. An item's `body` string is
  ///   parsed on its own (`parseJSONOrOtherwise:`) and its `code` decides the error: outside
  ///   200-299 it is that request's own `FBErrorHTTPError`, classified from its own body. A
  ///   `null` item (`omit_response_on_success`) is a success with `result` nil.
  /// - Several, the answer anything else (a batch refused as a whole): every handler gets
  ///   `FBErrorProtocolMismatch` (category FacebookOther), the session untouched.
  public static func connection(
    status: Int, body: [UInt8], count: Int, sdkVersion: IOSSDKVersion = .v3_24
  ) -> [SDKErrorView] {
    guard count > 1 else {
      return [SDKErrorView(status: status, body: body, sdkVersion: sdkVersion)]
    }
    guard let items = batchItems(status: status, body: body, sdkVersion: sdkVersion),
      items.count == count
    else {
      return Array(
        repeating: protocolMismatch(status: status, body: body, sdkVersion: sdkVersion),
        count: count)
    }
    return items
  }

  /// The per-item views of a batch answer, or `nil` when the body is not a JSON array.
  public static func batchItems(status: Int, body: [UInt8], sdkVersion: IOSSDKVersion = .v3_24)
    -> [SDKErrorView]?
  {
    rawBatchItems(body)?.map { item in
      guard let item else {
        var view = SDKErrorView(status: 200, body: Array("null".utf8), sdkVersion: sdkVersion)
        view.parsedBody = .null
        view.result = nil
        return view
      }
      return SDKErrorView(status: item.status, body: item.body, sdkVersion: sdkVersion)
    }
  }

  /// A batch answer's items as FBRequestConnection takes them apart: each object's `code`
  /// (200 when it has none) and its `body` string's bytes; `nil` for an item that is not an
  /// object (`null`). `nil` when the body is not a JSON array.
  public static func rawBatchItems(_ body: [UInt8]) -> [(status: Int, body: [UInt8])?]? {
    guard case .array(let items)? = try? JSONParser.parse(body) else { return nil }
    return items.map { item in
      guard case .object(let object) = item else { return nil }
      let code = object["code"]?.numberValue?.intValue ?? 200
      return (code, Array((object["body"]?.stringValue ?? "").utf8))
    }
  }

  /// The `FBErrorProtocolMismatch` every handler of a batch gets when the answer is not an
  /// array of items (`parseJSONResponse:` :1139-1145).
  static func protocolMismatch(status: Int, body: [UInt8], sdkVersion: IOSSDKVersion)
    -> SDKErrorView
  {
    var view = SDKErrorView(status: status, body: body, sdkVersion: sdkVersion)
    var userInfo = JSONObject()
    userInfo.append(httpStatusCodeKey, .number(JSONNumber(status)))
    view.result = nil
    view.error = NSErrorView(
      domain: domain, code: .protocolMismatch, userInfo: userInfo,
      localizedDescription:
        "The operation couldn\u{2019}t be completed. (\(domain) error \(FBErrorCode.protocolMismatch.rawValue).)"
    )
    view.category = sdkVersion.hasErrorUtility ? .facebookOther : nil
    view.shouldNotifyUser = false
    view.userMessage = nil
    view.sessionEffect = .none
    return view
  }
}
