import GraphJSON

/// The error in a Graph answer: `{"error":{"message","type","code","error_subcode",...}}`, or the
/// older REST shape `{"error_code":190,"error_msg":"..."}`.
public struct GraphErrorBody: Sendable, Hashable {
  /// Which of the two shapes the error came in.
  public enum Shape: Sendable, Hashable {
    /// `{"error":{...}}`
    case graph
    /// `{"error_code":N,"error_msg":"..."}`
    case legacyREST
  }

  public var message: String
  /// `OAuthException`, `GraphMethodException`, `FacebookApiException`, ...
  public var type: String?
  public var code: Int?
  public var subcode: Int?
  /// `error_user_title`: a title meant for the app's user.
  public var userTitle: String?
  /// `error_user_msg`: a message meant for the app's user.
  public var userMessage: String?
  public var fbtraceID: String?
  public var isTransient: Bool?
  public var shape: Shape

  public init(
    message: String, type: String? = nil, code: Int? = nil, subcode: Int? = nil,
    userTitle: String? = nil, userMessage: String? = nil, fbtraceID: String? = nil,
    isTransient: Bool? = nil, shape: Shape = .graph
  ) {
    self.message = message
    self.type = type
    self.code = code
    self.subcode = subcode
    self.userTitle = userTitle
    self.userMessage = userMessage
    self.fbtraceID = fbtraceID
    self.isTransient = isTransient
    self.shape = shape
  }

  /// The error in an answer's JSON, or `nil` when the answer is not an error.
  public init?(json: JSONValue) {
    if let error = json["error"], case .object = error {
      self.init(
        message: error["message"]?.stringValue ?? "",
        type: error["type"]?.stringValue,
        code: Self.integer(error["code"]),
        subcode: Self.integer(error["error_subcode"]),
        userTitle: error["error_user_title"]?.stringValue,
        userMessage: error["error_user_msg"]?.stringValue,
        fbtraceID: error["fbtrace_id"]?.stringValue,
        isTransient: error["is_transient"]?.boolValue)
    } else if json["error_code"] != nil || json["error_msg"] != nil {
      self.init(
        message: json["error_msg"]?.stringValue ?? "", code: Self.integer(json["error_code"]),
        shape: .legacyREST)
    } else {
      return nil
    }
  }

  /// The error in an answer body, or `nil` when it is not JSON or not an error.
  public init?(body: [UInt8]) {
    guard let json = try? JSONParser.parse(body) else { return nil }
    self.init(json: json)
  }

  /// The answer body for this error, members in the order Graph sends them.
  public var json: JSONValue {
    var object = JSONObject()
    switch shape {
    case .legacyREST:
      if let code { object.append("error_code", .number(JSONNumber(code))) }
      object.append("error_msg", .string(message))
      return .object(object)
    case .graph:
      object.append("message", .string(message))
      if let type { object.append("type", .string(type)) }
      if let code { object.append("code", .number(JSONNumber(code))) }
      if let subcode { object.append("error_subcode", .number(JSONNumber(subcode))) }
      if let isTransient { object.append("is_transient", .bool(isTransient)) }
      if let userTitle { object.append("error_user_title", .string(userTitle)) }
      if let userMessage { object.append("error_user_msg", .string(userMessage)) }
      if let fbtraceID { object.append("fbtrace_id", .string(fbtraceID)) }
      return ["error": .object(object)]
    }
  }

  /// `190/463`, `2500`, or `?` without a code.
  public var codeLabel: String {
    guard let code else { return "?" }
    return subcode.map { "\(code)/\($0)" } ?? "\(code)"
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    switch value {
    case .number(let n)?: return n.intValue
    case .string(let s)?: return Int(s)
    default: return nil
    }
  }
}
