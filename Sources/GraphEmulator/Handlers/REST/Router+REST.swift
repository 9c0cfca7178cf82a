import GraphAPI
import GraphJSON

/// The REST API (`https://api.facebook.com/method/NAME`, and `method/NAME` inside a batch) as
/// the iOS SDKs called it: only `auth.extendSSOAccessToken` (the token-extension piggyback of
/// the iOS SDK 3.0-3.13 and of the legacy Facebook SDK). Any other method is the REST API's
/// error 3, `Unknown method`, in the REST error shape the legacy SDK reads (`error_code`,
/// `error_msg`; FBRequest.m `parseJsonResponse:error:` at tag v1.last). The REST server's
/// other address, `restserver.php?method=NAME` (the legacy PHP and Ruby clients' endpoint), is
/// answered the same way.
extension Router {
  /// `name` is the path's method (`method/NAME`) or `restserver.php`'s `method` parameter.
  mutating func restMethod(_ call: GraphCall, name: String) throws(GraphError) -> Outcome {
    switch name {
    case "auth.extendSSOAccessToken":
      return try extendSSOToken(call)
    default:
      var arguments: [JSONValue] = []
      for item in call.params
      where item.name != "access_token" && (item.name != "method" || item.value != name) {
        arguments.append(["key": .string(item.name), "value": .string(item.value)])
      }
      arguments.append(["key": "method", "value": .string(name)])
      var object = JSONObject()
      object.append("error_code", 3)
      object.append("error_msg", "Unknown method")
      object.append("request_args", .array(arguments))
      return .json(.object(object))
    }
  }
}
