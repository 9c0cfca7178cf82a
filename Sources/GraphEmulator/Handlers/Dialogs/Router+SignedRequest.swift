import GraphAPI
import GraphJSON

/// The signed request the JavaScript SDK gets from the login dialog and keeps in its
/// `fbsr_APPID` cookie: `SIGNATURE.PAYLOAD`, both base64url without padding, the signature the
/// HMAC-SHA256 of the encoded payload with the app secret, the payload
/// `{"algorithm":"HMAC-SHA256","code":...,"issued_at":...,"user_id":...}` (Facebook Login's
/// "Signed Request" reference). Its `code` is exchanged at `oauth/access_token` with an empty
/// `redirect_uri`, as facebook-sdk's `get_user_from_cookie` and facepy's `SignedRequest` do; the
/// code is bound to that empty URI **[choice]**: Graph's binding was never published, and no
/// other URI could be sent.
extension Router {
  mutating func signedRequest(user: Node, scopes: [String]) -> String {
    let code = issueCode(userID: user.id, scopes: scopes, redirectURI: "")
    var payload = JSONObject()
    payload.append("algorithm", "HMAC-SHA256")
    payload.append("code", .string(code))
    payload.append("issued_at", .number(JSONNumber(state.now)))
    payload.append("user_id", .string(user.id))
    let encoded = Base64URL.encode(Array(JSONValue.object(payload).compactText.utf8))
    let signature = HMACSHA256.authenticate(
      Array(encoded.utf8), key: Array(state.world.app.secret.utf8))
    return Base64URL.encode(signature) + "." + encoded
  }
}
