import GraphAPI
import GraphJSON

/// Token extension as the iOS SDK 3.x piggybacks it on its requests: 3.14+ adds
/// `oauth/access_token?grant_type=fb_extend_sso_token` to a batch (FBRequestConnection.m
/// `addRequestToExtendTokenForSession:connection:`), 3.0-3.13 and the legacy SDK call the
/// REST method `auth.extendSSOAccessToken` (FBRequestConnection.m kExtendTokenRestMethod,
/// Facebook.m `extendAccessToken`). Both read `access_token` and `expires_at` (seconds since
/// 1970) from a JSON object.
extension Router {
  mutating func extendSSOToken(_ call: GraphCall) throws(GraphError) -> Outcome {
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.nowForTokenCheck)
      .get()
    guard let token = call.token, let record = viewer.record, record.kind == .user else {
      throw .noActiveToken
    }
    // [choice] The same token comes back with 60 days more (the SDK keeps either).
    let expiry = state.now + Self.longLivedSeconds
    state.mutate { $0.world.tokens[token]?.expiresAt = expiry }
    var object = JSONObject()
    object.append("access_token", .string(token))
    object.append("expires_at", .number(JSONNumber(expiry)))
    return .json(.object(object))
  }
}
