import GraphAPI
import GraphJSON

/// `GET <app-id>/permissions` with the app token: the permissions approved for the app, each
/// `{permission, status}` (Application Permissions reference), from v2.2; before, and with any
/// other token, (#100), as a public recording of 2014 shows (G5's client: v1.0 refused it,
/// v2.2 listed `public_profile`, `user_friends`, `email` as `live`).
extension Router {
  func appPermissions(_ call: GraphCall) throws(GraphError) -> Outcome {
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard viewer.hasToken else { throw .tokenRequired }
    guard viewer.isApp, call.version.follows(.appPermissionsListed) else {
      throw .parameter(
        "This method must be called with an app access_token, and requires version v2.2 or higher")
    }
    // The app the path names (one of a recording's other apps lists what any app has).
    let named = call.path.first.flatMap { state.world.app(id: $0) } ?? state.world.app
    let permissions = named.permissions ?? AppPermission.withoutReview
    return .json(["data": .array(permissions.map(\.jsonValue))])
  }
}
