import GraphJSON

/// One `FBRequest` of the Facebook iOS SDK 3.x, before `FBRequestConnection` puts it on the
/// wire: a Graph path or a REST method, parameters (text, or an image or data attachment), an
/// HTTP method, an optional graph object to post, and the session's token.
///
/// Parameters keep the order given here. The SDK keeps them in an `NSMutableDictionary`, whose
/// enumeration order is its hash order; Graph reads parameters by name, so the order given
/// stands for it.
public struct IOSSDKRequest: Sendable, Hashable {
  /// A parameter's value as the SDK's dictionary holds it.
  public enum Value: Sendable, Hashable {
    /// An `NSString` (or an `NSNumber`'s `stringValue`).
    case string(String)
    /// A `UIImage`: sent as a file part named like its key, `image/png` in 3.1,
    /// `image/jpeg` from 3.2 (FBRequestBody.m `appendWithKey:imageValue:`).
    case image([UInt8])
    /// An `NSData`: a file part of type `content/unknown` (FBRequestBody.m
    /// `appendWithKey:dataValue:`).
    case data([UInt8])

    /// Whether the SDK treats it as an attachment (FBRequestConnection.m `isAttachment:`).
    public var isAttachment: Bool {
      if case .string = self { return false }
      return true
    }
  }

  /// A graph path (`me/feed`) or a REST method (`auth.extendSSOAccessToken`).
  public enum Target: Sendable, Hashable {
    case graph(String)
    case rest(String)
  }

  public var target: Target
  public var parameters: [(name: String, value: Value)]
  public var method: GraphMethod
  /// `FBRequest.graphObject`: posted as form fields (FBRequestConnection.m
  /// `processGraphObject:forPath:withAction:`).
  public var graphObject: JSONObject?
  /// The session's token, added as `access_token` when present.
  public var accessToken: String?
  /// `FBRequest overrideVersionPartWith:` (3.24); `nil` is the SDK's platform version.
  public var versionPart: String?
  /// A batch entry's own keys (`name`, `omit_response_on_success`, `depends_on`): 3.24's
  /// `addRequest:completionHandler:batchParameters:` (an `NSNumber` `@(NO)` is JSON `false`).
  public var batchParameters: [(name: String, value: JSONValue)]

  public init(
    _ target: Target, parameters: [(name: String, value: Value)] = [], method: GraphMethod = .get,
    graphObject: JSONObject? = nil, accessToken: String? = nil, versionPart: String? = nil,
    batchParameters: [(name: String, value: JSONValue)] = []
  ) {
    self.target = target
    self.parameters = parameters
    self.method = method
    self.graphObject = graphObject
    self.accessToken = accessToken
    self.versionPart = versionPart
    self.batchParameters = batchParameters
  }

  /// A Graph path request with text parameters.
  public static func graph(
    _ path: String, _ parameters: [(String, String)] = [], method: GraphMethod = .get,
    token: String? = nil
  ) -> IOSSDKRequest {
    IOSSDKRequest(
      .graph(path), parameters: parameters.map { ($0.0, .string($0.1)) }, method: method,
      accessToken: token)
  }

  public static func == (lhs: IOSSDKRequest, rhs: IOSSDKRequest) -> Bool {
    lhs.target == rhs.target && lhs.method == rhs.method && lhs.graphObject == rhs.graphObject
      && lhs.accessToken == rhs.accessToken && lhs.versionPart == rhs.versionPart
      && lhs.parameters.elementsEqual(rhs.parameters) { $0.name == $1.name && $0.value == $1.value }
      && lhs.batchParameters.elementsEqual(rhs.batchParameters) {
        $0.name == $1.name && $0.value == $1.value
      }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(target)
    hasher.combine(method)
    for parameter in parameters {
      hasher.combine(parameter.name)
      hasher.combine(parameter.value)
    }
  }

  /// Sets `name` to `value`, replacing an existing entry in place (`setValue:forKey:`).
  mutating func set(_ name: String, _ value: Value) {
    if let index = parameters.firstIndex(where: { $0.name == name }) {
      parameters[index].value = value
    } else {
      parameters.append((name, value))
    }
  }
}
